import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { useEffect, useState, type ReactNode } from "react";
import { PlainActionIcon } from "./PlainControls";

/**
 * A row's "⋯" menu (its children are `Menu.Item`s). Until its first press the row holds only a
 * plain button: a Mantine Menu is a Popover with floating-ui's hooks, which every row of a list paid
 * on each server render for a menu nobody had opened (ADR 030). The press mounts the menu, which
 * then opens as if pressed.
 */
export function RowActions({ label, children }: { label: string; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => setOpened(mounted), [mounted]);
  if (!mounted) {
    return (
      <PlainActionIcon variant="subtle" color="gray" aria-label={label} aria-haspopup="menu" aria-expanded={false} onClick={() => setMounted(true)}>
        <IconDots size={18} />
      </PlainActionIcon>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
