import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import * as NotFoundRoute from "~/routes/employee.$";
import { LiffErrorBoundary, LiffLayout } from "./LiffLayout";

function renderAt(path: string, resigned = false) {
  const Stub = createRemixStub([
    {
      path: "/employee",
      loader: () => json({ demo: false, liffId: null, signedIn: true, resigned }),
      Component: () => (
        <MantineProvider>
          <LiffLayout demo={false} liffId={null} signedIn resigned={resigned} />
        </MantineProvider>
      ),
      ErrorBoundary: LiffErrorBoundary,
      children: [
        { index: true, Component: () => <h2>หน้าหลักพนักงาน</h2> },
        { path: "face", Component: () => <h2>ลงทะเบียนใบหน้า</h2> },
        { path: "verify", Component: () => <h2>ยืนยันตัวตนพนักงาน</h2> },
        { path: "*", loader: NotFoundRoute.loader, Component: NotFoundRoute.default, ErrorBoundary: NotFoundRoute.ErrorBoundary },
      ],
    },
    { path: "/admin", Component: () => <h2>ผู้ดูแลระบบ</h2> },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe("LIFF layout", () => {
  test("an unknown employee page is a 404 inside the employee layout, leading back to the employee home", async () => {
    renderAt("/employee/no-such-page");
    expect(await screen.findByTestId("error-status")).toHaveTextContent("404");
    expect(screen.getByRole("heading", { name: "ไม่พบหน้าที่ต้องการ" })).toBeVisible();
    const back = screen.getByRole("link", { name: "กลับหน้าหลัก" });
    expect(back).toHaveAttribute("href", "/employee");
    expect(screen.getByRole("main")).toContainElement(back); // rendered inside the layout
  });

  test("sub-pages have a link to the employee home", async () => {
    renderAt("/employee/face");
    await screen.findByRole("heading", { name: "ลงทะเบียนใบหน้า" });
    expect(screen.getByRole("link", { name: "หน้าหลัก" })).toHaveAttribute("href", "/employee");
  });

  test("the home page and the linking page have no home link", async () => {
    renderAt("/employee");
    await screen.findByRole("heading", { name: "หน้าหลักพนักงาน" });
    expect(screen.queryByRole("link", { name: "หน้าหลัก" })).toBeNull();
    renderAt("/employee/verify");
    await screen.findByRole("heading", { name: "ยืนยันตัวตนพนักงาน" });
    expect(screen.queryByRole("link", { name: "หน้าหลัก" })).toBeNull();
  });

  test("a resigned employee sees why, not the page they opened", async () => {
    renderAt("/employee/face", true);
    expect(await screen.findByTestId("resigned-notice")).toHaveTextContent("ลาออกแล้ว");
    expect(screen.queryByRole("heading", { name: "ลงทะเบียนใบหน้า" })).toBeNull();
  });
});
