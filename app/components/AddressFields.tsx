import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { placeFilter, PROVINCE_ALIASES, type PlaceNames } from "./address-search";

type Id = number | string | null | undefined;

export type AddressValue = {
  province_id?: Id;
  amphur_id?: Id;
  district_id?: Id;
  zipcode?: string | null;
};

type Item = { id: number; name_th: string; name_en: string };
type DistrictItem = Item & { zipcode: string };

const LOADING = "กำลังโหลด…";
const LOAD_FAILED = "โหลดข้อมูลไม่สำเร็จ ลองใหม่อีกครั้ง";
const NOTHING_FOUND = "ไม่พบข้อมูล";

const toValue = (id: Id) => (id === null || id === undefined || id === "" ? null : String(id));

/**
 * GETs `{items}` from one of the address APIs; `url` null means "nothing to load". A newer url
 * aborts the older request, so a slow answer for a previous province never lands.
 */
function useItems<T extends Item>(url: string | null) {
  const [state, setState] = useState<{ url: string | null; items: T[]; failed: boolean }>({
    url: null,
    items: [],
    failed: false,
  });
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { items: T[] };
        if (!controller.signal.aborted) setState({ url, items: body.items, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url, items: [], failed: true });
      });
    return () => controller.abort();
  }, [url]);
  const current = url !== null && state.url === url;
  return {
    items: current ? state.items : [],
    loading: url !== null && !current,
    failed: current && state.failed,
  };
}

/**
 * จังหวัด → อำเภอ/เขต → ตำบล/แขวง pickers with the zipcode filled from the chosen ตำบล.
 * Posts `province_id`, `amphur_id`, `district_id` (hidden inputs, so they post even while a list
 * is still loading) and `zipcode` with a plain `<Form>`; the server re-checks the chain.
 */
export function AddressFields({
  defaultValue,
  errors = {},
}: {
  defaultValue?: AddressValue;
  errors?: Record<string, string | undefined>;
}) {
  const [provinceId, setProvinceId] = useState(() => toValue(defaultValue?.province_id));
  const [amphurId, setAmphurId] = useState(() => toValue(defaultValue?.amphur_id));
  const [districtId, setDistrictId] = useState(() => toValue(defaultValue?.district_id));
  const [zipcode, setZipcode] = useState(() => defaultValue?.zipcode ?? "");

  const provinces = useItems<Item>("/api/province");
  const amphurs = useItems<Item>(
    provinceId ? `/api/amphur?province_id=${encodeURIComponent(provinceId)}` : null,
  );
  const districts = useItems<DistrictItem>(
    amphurId ? `/api/district?amphur_id=${encodeURIComponent(amphurId)}` : null,
  );

  const options = useMemo(
    () => ({
      provinces: provinces.items.map((p) => ({ value: String(p.id), label: p.name_th })),
      amphurs: amphurs.items.map((a) => ({ value: String(a.id), label: a.name_th })),
      districts: districts.items.map((d) => ({ value: String(d.id), label: d.name_th })),
    }),
    [provinces.items, amphurs.items, districts.items],
  );
  // Search by Thai or English name, and provinces by their common abbreviations ("กทม", "โคราช").
  const filters = useMemo(() => {
    const names = (items: Item[], aliases: Record<string, readonly string[]> = {}) =>
      placeFilter(
        new Map<string, PlaceNames>(
          items.map((i) => [String(i.id), { th: i.name_th, en: i.name_en, aliases: aliases[i.name_th] }]),
        ),
      );
    return {
      provinces: names(provinces.items, PROVINCE_ALIASES),
      amphurs: names(amphurs.items),
      districts: names(districts.items),
    };
  }, [provinces.items, amphurs.items, districts.items]);

  const chooseProvince = (value: string | null) => {
    if (value === provinceId) return;
    setProvinceId(value);
    setAmphurId(null);
    setDistrictId(null);
    setZipcode("");
  };
  const chooseAmphur = (value: string | null) => {
    if (value === amphurId) return;
    setAmphurId(value);
    setDistrictId(null);
    setZipcode("");
  };
  const chooseDistrict = (value: string | null) => {
    setDistrictId(value);
    setZipcode(districts.items.find((d) => String(d.id) === value)?.zipcode ?? "");
  };

  // The top match is highlighted as one types, so Enter takes it; leaving the box without a
  // choice shows the chosen option's name again (never text that is not what will be saved).
  const common = {
    searchable: true,
    selectFirstOptionOnChange: true,
    clearable: true,
    nothingFoundMessage: NOTHING_FOUND,
    comboboxProps: { zIndex: 1200 },
  } as const;

  // Enter on text that names no option would post the form with the old choice still in it.
  const holdUnresolvedEnter = (options: { value: string; label: string }[], value: string | null) =>
    (event: KeyboardEvent<HTMLInputElement>) => {
      const label = options.find((o) => o.value === value)?.label ?? "";
      if (event.key === "Enter" && event.currentTarget.value !== label) event.preventDefault();
    };

  const placeholder = (list: { loading: boolean }, ready: string, waiting?: string) =>
    list.loading ? LOADING : (waiting ?? ready);

  return (
    <>
      <input type="hidden" name="province_id" value={provinceId ?? ""} />
      <input type="hidden" name="amphur_id" value={amphurId ?? ""} />
      <input type="hidden" name="district_id" value={districtId ?? ""} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          {...common}
          label="จังหวัด"
          data={options.provinces}
          filter={filters.provinces}
          onKeyDown={holdUnresolvedEnter(options.provinces, provinceId)}
          value={provinceId}
          onChange={chooseProvince}
          disabled={provinces.loading}
          placeholder={placeholder(provinces, "เลือกจังหวัด")}
          error={errors.province_id ?? (provinces.failed ? LOAD_FAILED : undefined)}
        />
        <Select
          {...common}
          label="อำเภอ/เขต"
          data={options.amphurs}
          filter={filters.amphurs}
          onKeyDown={holdUnresolvedEnter(options.amphurs, amphurId)}
          value={amphurId}
          onChange={chooseAmphur}
          disabled={!provinceId || amphurs.loading}
          placeholder={placeholder(amphurs, "เลือกอำเภอ/เขต", provinceId ? undefined : "เลือกจังหวัดก่อน")}
          error={errors.amphur_id ?? (amphurs.failed ? LOAD_FAILED : undefined)}
        />
        <Select
          {...common}
          label="ตำบล/แขวง"
          data={options.districts}
          filter={filters.districts}
          onKeyDown={holdUnresolvedEnter(options.districts, districtId)}
          value={districtId}
          onChange={chooseDistrict}
          disabled={!amphurId || districts.loading}
          placeholder={placeholder(districts, "เลือกตำบล/แขวง", amphurId ? undefined : "เลือกอำเภอ/เขตก่อน")}
          error={errors.district_id ?? (districts.failed ? LOAD_FAILED : undefined)}
        />
        <TextInput
          label="รหัสไปรษณีย์"
          name="zipcode"
          value={zipcode}
          readOnly
          placeholder="เติมอัตโนมัติเมื่อเลือกตำบล/แขวง"
          error={errors.zipcode}
        />
      </SimpleGrid>
    </>
  );
}
