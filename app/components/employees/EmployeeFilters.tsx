import { Group, Select } from "@mantine/core";
import { useSearchParams } from "@remix-run/react";
import { EMPLOYEE_STATUS_FILTERS } from "~/models/employees/schema";
import { EMPLOYEE_STATUS_LABELS } from "~/models/employees/labels";

const STATUS_OPTIONS = EMPLOYEE_STATUS_FILTERS.map((value) => ({ value, label: EMPLOYEE_STATUS_LABELS[value] }));

/** Department and status filters of the employee list, kept in the address (paging starts again). */
export function EmployeeFilters({ department, status, departments }: { department: string; status: string; departments: string[] }) {
  const [params, setParams] = useSearchParams();
  const setFilter = (name: "department" | "status", value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete("page");
    setParams(next, { preventScrollReset: true });
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        label="แผนก"
        placeholder="ทุกแผนก"
        data={departments}
        value={department || null}
        onChange={(value) => setFilter("department", value)}
        clearable
        searchable
        nothingFoundMessage="ไม่พบแผนก"
        w={220}
      />
      <Select
        label="สถานะ"
        placeholder="ทุกสถานะ"
        data={STATUS_OPTIONS}
        value={status || null}
        onChange={(value) => setFilter("status", value)}
        clearable
        w={240}
      />
    </Group>
  );
}
