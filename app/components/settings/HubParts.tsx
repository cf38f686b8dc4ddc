// The settings hub's building blocks: a titled section, a labelled row, and the yes/no badges.
import { Group, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { PlainBadge, PlainGroup, PlainText } from "~/components/PlainMantine";

export function Section({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {action}
      </Group>
      <Stack gap="xs">{children}</Stack>
    </Paper>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <PlainGroup gap="xs" align="flex-start" wrap="wrap">
      <PlainText fz="sm" c="dimmed" style={{ minWidth: "calc(9.375rem * var(--mantine-scale))" }}>
        {label}
      </PlainText>
      <div style={{ flex: "1 1 200px", minWidth: 0, overflowWrap: "anywhere" }}>{children}</div>
    </PlainGroup>
  );
}

export const Yes = ({ children }: { children: ReactNode }) => (
  <PlainBadge color="green" variant="light">
    {children}
  </PlainBadge>
);
export const No = ({ children }: { children: ReactNode }) => (
  <PlainBadge color="orange" variant="light">
    {children}
  </PlainBadge>
);
