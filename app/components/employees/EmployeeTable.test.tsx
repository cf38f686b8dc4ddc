import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import type { EmployeeDto } from "~/models/employee.server";
import { EmployeeTable } from "./EmployeeTable";

const EMPLOYEE: EmployeeDto = {
  id: 3,
  code: "E0003",
  title: 1,
  title_label: "นาย",
  first_name: "สมชาย",
  working: true,
  last_name: "ใจดี",
  full_name: "นายสมชาย ใจดี",
  nickname: "",
  phone: "",
  email: "",
  position: "",
  department: "",
  start_date: null,
  resign_date: null,
  photo_url: "/uploads/employees/0f8fad5b-d9cb-469f-a165-70867728950e.jpg",
  line_linked: false,
  face_registered: false,
  face_url: null,
  address: "",
  province_id: null,
  amphur_id: null,
  district_id: null,
  zipcode: "",
  province_name: null,
  amphur_name: null,
  district_name: null,
};

test("the avatar asks for the thumbnail, not the 1600 px original", async () => {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider>
          <EmployeeTable items={[EMPLOYEE]} resigned={false} onAction={() => {}} />
        </MantineProvider>
      ),
    },
  ]);
  render(<Stub />);
  const row = await screen.findByTestId("employee-row");
  expect(row.querySelector("img")?.getAttribute("src")).toBe(`${EMPLOYEE.photo_url}?size=thumb`);
});
