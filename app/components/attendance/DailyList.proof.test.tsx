import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import type { DailyRecord, DailyTabItem } from "./daily-types";
import { DailyList } from "./DailyList";

// The office QR kiosk (ADR 050): the daily list says which sides the QR or a kiosk's PIN placed.
const record = (over: Partial<DailyRecord>): DailyRecord => ({
  id: 1,
  checkin_at: "2026-11-23T01:31:00.000Z",
  checkout_at: null,
  checkin_distance_m: null,
  checkin_lat: null,
  checkin_lng: null,
  checkin_address: null,
  checkin_photo_url: null,
  checkout_photo_url: null,
  checkin_match: null,
  checkout_match: null,
  late_minutes: 0,
  early_minutes: 0,
  review_status: "none",
  checked: 0,
  ...over,
});

const item = (id: number, r: DailyRecord): DailyTabItem => ({
  employee: { id, code: `E000${id}`, full_name: `พนักงาน ${id}`, first_name: "พนักงาน", position: "", photo_url: null },
  status: "present",
  reason: "มาทำงาน",
  record: r,
});

test("a QR or PIN side has its badge; a GPS one has none", async () => {
  const items = [
    item(1, record({ id: 1, checkin_proof: "qr", checkout_at: "2026-11-23T10:30:00.000Z", checkout_proof: "gps" })),
    item(2, record({ id: 2, checkin_proof: "gps" })),
    item(3, record({ id: 3, checkin_proof: "pin" })),
  ];
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <DailyList date="2026-11-23" items={items} onPhoto={() => {}} />
        </MantineProvider>
      ),
      loader: () => json({}),
    },
  ]);
  render(<Stub />);
  const rows = await screen.findAllByTestId("daily-row");
  const badges = (row: HTMLElement) => within(row).queryAllByTestId("proof-badge").map((b) => b.textContent);
  expect(rows.map(badges)).toEqual([["QR"], [], ["PIN"]]);
});
