import chartsStyles from "@mantine/charts/styles.css";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminLoader } from "~/http/page-loaders.server";
import { Dashboard } from "~/components/dashboard/Dashboard";
import { dashboard } from "~/models/dashboard/dashboard.server";

export const meta: MetaFunction = () => [{ title: "ภาพรวม · TN Management" }];

// The charts' styles load with this page only, like the leave statistics tab's.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: chartsStyles }];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, () => json(dashboard()));

export default function Page() {
  return <Dashboard data={useLoaderData<typeof loader>()} />;
}
