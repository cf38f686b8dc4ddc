import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useCallback, useState } from "react";
import { KioskPairForm } from "~/components/kiosk/KioskPairForm";
import { KioskScreen } from "~/components/kiosk/KioskScreen";
import { kioskOfRequest } from "~/http/kiosk.server";
import { KIOSK_MESSAGES } from "~/models/kiosk/labels";

export const meta: MetaFunction = () => [{ title: "เครื่องลงเวลา · TN Management" }];

/** The office kiosk (ADR 050): the device's pairing from its cookie, nothing else. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { kiosk, revoked } = await kioskOfRequest(request);
  return json({ kiosk, revoked }, { headers: { "Cache-Control": "no-store" } });
};

export default function KioskPage() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  // The server said this device is no longer paired (revoked meanwhile): back to the form.
  const unpaired = useCallback(
    (message: string) => {
      setNotice(message);
      revalidator.revalidate();
    },
    [revalidator],
  );
  if (data.kiosk) return <KioskScreen key={data.kiosk.id} office={data.kiosk.office} onUnpaired={unpaired} />;
  return (
    <KioskPairForm
      notice={notice ?? (data.revoked ? KIOSK_MESSAGES.revoked : null)}
      onPaired={() => {
        setNotice(null);
        revalidator.revalidate();
      }}
    />
  );
}
