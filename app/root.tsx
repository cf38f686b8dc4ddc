import coreStyles from "@mantine/core/styles.css";
import datesStyles from "@mantine/dates/styles.css";
import notificationsStyles from "@mantine/notifications/styles.css";
import sarabun400 from "@fontsource/sarabun/400.css";
import sarabun600 from "@fontsource/sarabun/600.css";
import { ColorSchemeScript } from "~mantine-core/core/MantineProvider/ColorSchemeScript/ColorSchemeScript";
import { MantineProvider } from "~mantine-core/core/MantineProvider/MantineProvider";
import { mantineHtmlProps } from "~mantine-core/core/MantineProvider/mantine-html-props";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, LiveReload, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "./components/GeneralErrorBoundary";
import { PhoneHint } from "./components/PhoneCards";
import { appTimeZoneFromEnv } from "./lib/business-day.server";
import { phoneHint } from "./lib/layout-hint";
import { useNonce } from "./lib/nonce";
import { PROVIDER_STYLES_IN_FILE, theme } from "./lib/theme";
import appStyles from "./styles/app.css";
import employeeStyles from "./styles/employee.css";
import themeStyles from "./styles/mantine-theme.css";

export const links: LinksFunction = () => [{ rel: "icon", href: "/logo.svg", type: "image/svg+xml" }];

const STYLES = [coreStyles, themeStyles, datesStyles, notificationsStyles, sarabun400, sarabun600, appStyles];
// A phone in LINE gets one file with only what the employee pages draw (ADR 038).
const EMPLOYEE_STYLES = [employeeStyles];

export const meta: MetaFunction = () => [{ title: "TN Management" }];

// The browser formats dates in the server's APP_TIMEZONE (entry.client.tsx reads it off <html>).
// A list's first render is the layout the browser hints at (PhoneHint): one layout, not both.
// The request's id is the reference the error page shows when this very document failed.
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  json({ timeZone: appTimeZoneFromEnv(), phoneHint: phoneHint(request.headers), requestId: context.requestId ?? null });

export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const employeePage = useMatches().some((m) => m.id === "routes/employee");
  return (
    <html lang="th" data-time-zone={root?.timeZone} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {(employeePage ? EMPLOYEE_STYLES : STYLES).map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <Links />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light" {...PROVIDER_STYLES_IN_FILE}>
          <PhoneHint.Provider value={root?.phoneHint ?? null}>{children}</PhoneHint.Provider>
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
