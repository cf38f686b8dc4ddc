import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { GeneralErrorBoundary } from "./GeneralErrorBoundary";

function stubThrowing(thrown: () => never, boundary = () => <GeneralErrorBoundary />) {
  return createRemixStub([
    {
      path: "/",
      Component: () => <p>ไม่ควรเห็น</p>,
      ErrorBoundary: () => <MantineProvider env="test">{boundary()}</MantineProvider>,
      loader: () => thrown(),
    },
  ]);
}

test("a loader's 404 shows the Thai not-found page with the loader's own message", async () => {
  const Stub = stubThrowing(() => {
    throw json({ error: "ไม่พบข้อมูลพนักงาน" }, { status: 404 });
  });
  render(<Stub initialEntries={["/"]} />);
  expect(await screen.findByTestId("error-status")).toHaveTextContent("404");
  expect(screen.getByRole("heading", { name: "ไม่พบหน้าที่ต้องการ" })).toBeInTheDocument();
  expect(screen.getByText("ไม่พบข้อมูลพนักงาน")).toBeInTheDocument();
});

test("a status handler replaces the default page for its status only", async () => {
  const Stub = stubThrowing(
    () => {
      throw json({ error: "x" }, { status: 409 });
    },
    () => <GeneralErrorBoundary statusHandlers={{ 409: () => <p>คำขอนี้ถูกอนุมัติไปแล้ว</p> }} homeHref="/employee" />,
  );
  render(<Stub initialEntries={["/"]} />);
  expect(await screen.findByText("คำขอนี้ถูกอนุมัติไปแล้ว")).toBeInTheDocument();
  expect(screen.queryByTestId("error-status")).toBeNull();
});

test("a 403 without a message gets the status's Thai text and a way home", async () => {
  const Stub = stubThrowing(() => {
    throw new Response(null, { status: 403 });
  });
  render(<Stub initialEntries={["/"]} />);
  expect(await screen.findByRole("heading", { name: "ไม่มีสิทธิ์เข้าถึง" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "กลับหน้าแรก" })).toHaveAttribute("href", "/");
});
