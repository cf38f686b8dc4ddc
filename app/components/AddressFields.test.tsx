import { MantineProvider } from "@mantine/core";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PROVINCE_ALIASES, placeMatches } from "./address-search";
import { AddressFields, type AddressValue } from "./AddressFields";

const PROVINCES = [
  { id: 1, name_th: "กรุงเทพมหานคร", name_en: "Bangkok" },
  { id: 2, name_th: "เชียงใหม่", name_en: "Chiang Mai" },
  { id: 3, name_th: "นครราชสีมา", name_en: "Nakhon Ratchasima" },
];
const AMPHURS: Record<string, { id: number; name_th: string; name_en: string; province_id: number }[]> = {
  "1": [{ id: 10, name_th: "คลองเตย", name_en: "Khlong Toei", province_id: 1 }],
  "2": [
    { id: 20, name_th: "เมืองเชียงใหม่", name_en: "Mueang Chiang Mai", province_id: 2 },
    { id: 21, name_th: "แม่ริม", name_en: "Mae Rim", province_id: 2 },
  ],
};
const DISTRICTS: Record<string, { id: number; name_th: string; name_en: string; amphur_id: number; zipcode: string }[]> = {
  "10": [{ id: 100, name_th: "พระโขนง", name_en: "Phra Khanong", amphur_id: 10, zipcode: "10110" }],
  "20": [
    { id: 200, name_th: "ศรีภูมิ", name_en: "Si Phum", amphur_id: 20, zipcode: "50200" },
    { id: 201, name_th: "สุเทพ", name_en: "Suthep", amphur_id: 20, zipcode: "50200" },
  ],
  "21": [{ id: 210, name_th: "ริมใต้", name_en: "Rim Tai", amphur_id: 21, zipcode: "50180" }],
};

type Deferred = { url: string; resolve: () => void; fail: () => void };

/**
 * Stubs global fetch with the address APIs. With `hold`, each answer waits until released, so
 * the loading state can be seen.
 */
function stubApi({ hold = false } = {}) {
  const pending: Deferred[] = [];
  const calls: string[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const parsed = new URL(url, "http://localhost");
    const body =
      parsed.pathname === "/api/province"
        ? { items: PROVINCES }
        : parsed.pathname === "/api/amphur"
          ? { items: AMPHURS[parsed.searchParams.get("province_id") ?? ""] ?? [] }
          : { items: DISTRICTS[parsed.searchParams.get("amphur_id") ?? ""] ?? [] };
    const ok = { ok: true, status: 200, json: async () => body };
    const failed = { ok: false, status: 500, json: async () => ({ error: "x" }) };
    if (!hold) return Promise.resolve(ok);
    return new Promise((resolve) => {
      pending.push({ url, resolve: () => resolve(ok), fail: () => resolve(failed) });
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    async release(match: string, how: "resolve" | "fail" = "resolve") {
      const index = pending.findIndex((p) => p.url.includes(match));
      expect(index).toBeGreaterThanOrEqual(0);
      const [p] = pending.splice(index, 1);
      await act(async () => {
        p[how]();
      });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderFields(props: { defaultValue?: AddressValue; errors?: Record<string, string> } = {}) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const utils = render(
    <MantineProvider env="test">
      <form aria-label="address" onSubmit={onSubmit}>
        <AddressFields {...props} />
      </form>
    </MantineProvider>,
  );
  const form = screen.getByRole("form", { name: "address" }) as HTMLFormElement;
  const posted = () => Object.fromEntries(new FormData(form).entries());
  return { ...utils, posted, onSubmit };
}

const province = () => screen.getByRole("textbox", { name: "จังหวัด" });
const amphur = () => screen.getByRole("textbox", { name: "อำเภอ/เขต" });
const district = () => screen.getByRole("textbox", { name: "ตำบล/แขวง" });
const zipcode = () => screen.getByRole("textbox", { name: "รหัสไปรษณีย์" });

async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, label: string) {
  await waitFor(() => expect(input).toBeEnabled());
  await user.click(input);
  await user.click(await screen.findByRole("option", { name: label }));
}

describe("AddressFields", () => {
  test("shows a disabled 'กำลังโหลด…' province select until the list arrives", async () => {
    const api = stubApi({ hold: true });
    renderFields();
    expect(province()).toBeDisabled();
    expect(province()).toHaveAttribute("placeholder", "กำลังโหลด…");
    // nothing chosen yet: the lower levels wait for their parent
    expect(amphur()).toBeDisabled();
    expect(amphur()).toHaveAttribute("placeholder", "เลือกจังหวัดก่อน");
    expect(district()).toBeDisabled();
    expect(api.calls).toEqual(["/api/province"]);

    await api.release("/api/province");
    expect(province()).toBeEnabled();
    expect(province()).toHaveAttribute("placeholder", "เลือกจังหวัด");
  });

  test("province → amphur → district, the district fills the zipcode, and a form posts all four", async () => {
    const user = userEvent.setup();
    const api = stubApi();
    const { posted } = renderFields();

    await choose(user, province(), "เชียงใหม่");
    expect(api.calls).toContain("/api/amphur?province_id=2");
    await choose(user, amphur(), "เมืองเชียงใหม่");
    expect(api.calls).toContain("/api/district?amphur_id=20");
    await choose(user, district(), "ศรีภูมิ");

    expect(zipcode()).toHaveValue("50200");
    expect(zipcode()).toHaveAttribute("readonly");
    expect(posted()).toEqual({ province_id: "2", amphur_id: "20", district_id: "200", zipcode: "50200" });
  });

  test("the amphur select shows 'กำลังโหลด…' while its list loads", async () => {
    const user = userEvent.setup();
    const api = stubApi({ hold: true });
    renderFields();
    await api.release("/api/province");
    await choose(user, province(), "เชียงใหม่");
    expect(amphur()).toBeDisabled();
    expect(amphur()).toHaveAttribute("placeholder", "กำลังโหลด…");
    await api.release("/api/amphur?province_id=2");
    expect(amphur()).toBeEnabled();
    expect(amphur()).toHaveAttribute("placeholder", "เลือกอำเภอ/เขต");
  });

  test("changing the province clears amphur, district and zipcode", async () => {
    const user = userEvent.setup();
    const api = stubApi();
    const { posted } = renderFields();
    await choose(user, province(), "เชียงใหม่");
    await choose(user, amphur(), "เมืองเชียงใหม่");
    await choose(user, district(), "ศรีภูมิ");

    await choose(user, province(), "กรุงเทพมหานคร");
    expect(posted()).toEqual({ province_id: "1", amphur_id: "", district_id: "", zipcode: "" });
    expect(amphur()).toHaveValue("");
    expect(district()).toHaveValue("");
    expect(district()).toBeDisabled();
    expect(zipcode()).toHaveValue("");
    expect(api.calls).toContain("/api/amphur?province_id=1");
    // the new province's amphurs are offered, not the old ones
    await user.click(amphur());
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual(["คลองเตย"]);
  });

  test("a slow answer for the previous province never replaces the current list", async () => {
    const user = userEvent.setup();
    const api = stubApi({ hold: true });
    renderFields();
    await api.release("/api/province");
    await choose(user, province(), "เชียงใหม่");
    await choose(user, province(), "กรุงเทพมหานคร");
    await api.release("/api/amphur?province_id=1");
    await api.release("/api/amphur?province_id=2");
    await user.click(amphur());
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual(["คลองเตย"]);
  });

  test("changing the amphur clears the district and zipcode", async () => {
    const user = userEvent.setup();
    stubApi();
    const { posted } = renderFields();
    await choose(user, province(), "เชียงใหม่");
    await choose(user, amphur(), "เมืองเชียงใหม่");
    await choose(user, district(), "ศรีภูมิ");
    await choose(user, amphur(), "แม่ริม");
    expect(posted()).toEqual({ province_id: "2", amphur_id: "21", district_id: "", zipcode: "" });
    await choose(user, district(), "ริมใต้");
    expect(zipcode()).toHaveValue("50180");
  });

  test("a default value is shown and posted, even before its lists have loaded", async () => {
    const api = stubApi({ hold: true });
    const { posted } = renderFields({
      defaultValue: { province_id: 2, amphur_id: 20, district_id: 200, zipcode: "50200" },
    });
    expect(posted()).toEqual({ province_id: "2", amphur_id: "20", district_id: "200", zipcode: "50200" });
    expect(api.calls.sort()).toEqual(["/api/amphur?province_id=2", "/api/district?amphur_id=20", "/api/province"]);
    await api.release("/api/province");
    await api.release("/api/amphur");
    await api.release("/api/district");
    expect(province()).toHaveValue("เชียงใหม่");
    expect(amphur()).toHaveValue("เมืองเชียงใหม่");
    expect(district()).toHaveValue("ศรีภูมิ");
    expect(zipcode()).toHaveValue("50200");
  });

  test("server errors are shown under their fields; a failed load says so", async () => {
    const api = stubApi({ hold: true });
    renderFields({
      defaultValue: { province_id: 1, amphur_id: null, district_id: null, zipcode: "" },
      errors: { amphur_id: "อำเภอไม่อยู่ในจังหวัดที่เลือก", zipcode: "รหัสไปรษณีย์ต้องเป็นตัวเลข 5 หลัก" },
    });
    expect(screen.getByText("อำเภอไม่อยู่ในจังหวัดที่เลือก")).toBeInTheDocument();
    expect(screen.getByText("รหัสไปรษณีย์ต้องเป็นตัวเลข 5 หลัก")).toBeInTheDocument();
    await api.release("/api/province", "fail");
    expect(screen.getByText("โหลดข้อมูลไม่สำเร็จ ลองใหม่อีกครั้ง")).toBeInTheDocument();
  });

  test("searching narrows the list; no match says 'ไม่พบข้อมูล'", async () => {
    const user = userEvent.setup();
    stubApi();
    renderFields();
    await waitFor(() => expect(province()).toBeEnabled());
    await user.click(province());
    await user.type(province(), "เชียง");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["เชียงใหม่"]);
    await user.clear(province());
    await user.type(province(), "ภูเก็ต");
    expect(screen.queryAllByRole("option")).toEqual([]);
    const listbox = document.getElementById(province().getAttribute("aria-controls")!)!;
    expect(within(listbox).getByText("ไม่พบข้อมูล")).toBeVisible();
  });

  test.each([
    ["กทม", "กรุงเทพมหานคร"],
    ["กทม.", "กรุงเทพมหานคร"],
    ["bangkok", "กรุงเทพมหานคร"],
    ["BKK", "กรุงเทพมหานคร"],
    ["โคราช", "นครราชสีมา"],
    ["chiang", "เชียงใหม่"],
  ])("typing %s offers %s, and Enter takes it", async (typed, expected) => {
    const user = userEvent.setup();
    stubApi();
    const { posted } = renderFields();
    await waitFor(() => expect(province()).toBeEnabled());
    await user.click(province());
    await user.type(province(), typed);
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([expected]);
    await user.keyboard("{Enter}");
    expect(province()).toHaveValue(expected);
    expect(posted().province_id).toBe(String(PROVINCES.find((p) => p.name_th === expected)?.id));
  }, 20_000);

  test("leaving the box without a choice shows the saved province again, never the typed text", async () => {
    const user = userEvent.setup();
    stubApi();
    const { posted, onSubmit } = renderFields({ defaultValue: { province_id: 2 } });
    await waitFor(() => expect(province()).toHaveValue("เชียงใหม่"));
    await user.clear(province());
    await user.type(province(), "ไม่มีจังหวัดนี้");
    expect(province()).toHaveValue("ไม่มีจังหวัดนี้");
    // Enter on text that names no province does not post the form with the old one.
    await user.keyboard("{Enter}");
    expect(onSubmit).not.toHaveBeenCalled();
    await user.tab();
    expect(province()).toHaveValue("เชียงใหม่");
    expect(posted().province_id).toBe("2");
  }, 20_000);
});

describe("placeMatches", () => {
  test("Thai and English names in any case, and aliases by prefix", () => {
    const bangkok = { th: "กรุงเทพมหานคร", en: "Bangkok", aliases: PROVINCE_ALIASES["กรุงเทพมหานคร"] };
    expect(placeMatches("กรุงเทพ", bangkok)).toBe(true);
    expect(placeMatches("BANGKOK", bangkok)).toBe(true);
    expect(placeMatches("จ.กทม", bangkok)).toBe(true);
    expect(placeMatches("กท", bangkok)).toBe(true);
    expect(placeMatches("เชียง", bangkok)).toBe(false);
    expect(placeMatches("", bangkok)).toBe(true);
  });
});
