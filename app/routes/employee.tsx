import { Container } from "@mantine/core";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";

/** The spec's client layout: empty header and footer around a main area at least 80vh high. */
export default function EmployeeLayout() {
  return (
    <>
      <header />
      <main className="client-main">
        <Container size="xs" py="md">
          <Outlet />
        </Container>
      </main>
      <footer />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
