import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { ThemeIcon } from "~mantine-core/components/ThemeIcon/ThemeIcon";
import type { ReactNode } from "react";

/** What a list shows when it has nothing: a title, a hint at what to do, and maybe more help. */
export function EmptyState({
  title,
  hint,
  icon,
  children,
}: {
  title: string;
  hint?: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" p="xl" gap="xs">
      {icon ? (
        <ThemeIcon size={48} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
      ) : null}
      <Text fw={600}>{title}</Text>
      {hint ? (
        <Text c="dimmed" fz="sm" ta="center">
          {hint}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
