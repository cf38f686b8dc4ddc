import { Button, Group, Text } from "@mantine/core";
import { Link, useSearchParams } from "@remix-run/react";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { thaiNumber } from "~/lib/thai-number";

type Props = {
  /** The page before this one starts before this cursor (null: this is the first page). */
  prevCursor: string | null;
  /** The page after this one starts after this cursor (null: this is the last page). */
  nextCursor: string | null;
  total: number;
  /** What is counted: คน. */
  unit: string;
};

/**
 * Under a keyset-paged list: how many rows the filters keep, and links to the pages before and
 * after (the page's address with `before` or `after`; the filters and search stay in it).
 */
export function KeysetPager({ prevCursor, nextCursor, total, unit }: Props) {
  const [params] = useSearchParams();
  const href = (key: "after" | "before", cursor: string) => {
    const next = new URLSearchParams(params);
    next.delete("after");
    next.delete("before");
    next.delete("page");
    next.set(key, cursor);
    return `?${next.toString()}`;
  };
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="keyset-pager">
      <Text fz="sm" c="dimmed">
        ทั้งหมด {thaiNumber(total)} {unit}
      </Text>
      {prevCursor || nextCursor ? (
        <Group gap="xs">
          {prevCursor ? (
            <Button component={Link} to={href("before", prevCursor)} preventScrollReset variant="default" size="sm" leftSection={<IconChevronLeft size={16} />}>
              หน้าก่อนหน้า
            </Button>
          ) : null}
          {nextCursor ? (
            <Button component={Link} to={href("after", nextCursor)} preventScrollReset variant="default" size="sm" rightSection={<IconChevronRight size={16} />}>
              หน้าถัดไป
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Group>
  );
}
