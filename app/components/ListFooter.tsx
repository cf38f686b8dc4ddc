import { Group, Pagination, Text, type PaginationProps } from "@mantine/core";
import { thaiNumber } from "~/lib/thai-number";

const CONTROL_LABELS: Record<string, string> = { next: "หน้าถัดไป", previous: "หน้าก่อนหน้า", first: "หน้าแรก", last: "หน้าสุดท้าย" };

/** Mantine's Pagination with Thai names on its arrow buttons for screen readers. */
export function ThaiPagination(props: PaginationProps) {
  return <Pagination getControlProps={(control) => ({ "aria-label": CONTROL_LABELS[control] ?? control })} {...props} />;
}

/** Under a paged list: how many there are in all, and the pages when there is more than one. */
export function ListFooter({
  total,
  unit,
  page,
  pages,
  onPage,
}: {
  total: number;
  /** What is counted: คน, ตู้, รายการ. */
  unit: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between">
      <Text fz="sm" c="dimmed">
        ทั้งหมด {thaiNumber(total)} {unit}
      </Text>
      {pages > 1 ? <ThaiPagination total={pages} value={page} onChange={onPage} /> : null}
    </Group>
  );
}
