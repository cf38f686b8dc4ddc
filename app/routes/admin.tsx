import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/AdminShell";
import { AdminProviders } from "~/components/AdminProviders";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import type { AdminLayoutData } from "~/components/line/NeedsLine";
import { requireAdmin } from "~/http/guard.server";
import { isBotConfigured } from "~/lib/line.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json({ user: { username: admin.username }, lineConfigured: isBotConfigured() } satisfies AdminLayoutData);
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AdminShell username={user.username}>
      <AdminProviders>
        <Outlet />
      </AdminProviders>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
