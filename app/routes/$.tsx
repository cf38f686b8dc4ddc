import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
