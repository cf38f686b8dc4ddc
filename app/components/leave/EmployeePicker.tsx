import { Select, type ComboboxItem } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useFetcher } from "@remix-run/react";
import { useMemo } from "react";

type Person = { id: number; code: string; full_name: string };
type EmployeeList = { items: Person[] } | { error: string };

const optionOf = (e: Person): ComboboxItem => ({ value: String(e.id), label: `${e.full_name} (${e.code})` });

/** Picks one employee by name or code, searched on the server (`GET /api/employee?q=`). */
export function EmployeePicker({
  selected,
  onChange,
}: {
  selected: Person | null;
  onChange: (employeeId: string | null) => void;
}) {
  const found = useFetcher<EmployeeList>();
  const search = useDebouncedCallback((q: string) => {
    if (q.trim() && q !== (selected ? optionOf(selected).label : "")) {
      found.load(`/api/employee?q=${encodeURIComponent(q.trim().slice(0, 100))}&page_size=20`);
    }
  }, 300);
  const data = useMemo(() => {
    const items = found.data && "items" in found.data ? found.data.items : [];
    const options = items.map(optionOf);
    if (selected && !items.some((e) => e.id === selected.id)) options.unshift(optionOf(selected));
    return options;
  }, [found.data, selected]);
  return (
    <Select
      label="พนักงาน"
      placeholder="ทุกคน (พิมพ์ชื่อหรือรหัสเพื่อค้นหา)"
      searchable
      clearable
      data={data}
      value={selected ? String(selected.id) : null}
      onChange={onChange}
      onSearchChange={search}
      filter={({ options }) => options}
      nothingFoundMessage={found.state === "loading" ? "กำลังค้นหา…" : "ไม่พบพนักงาน"}
      miw={260}
    />
  );
}
