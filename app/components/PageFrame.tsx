import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function PageFrame({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{title}</Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </div>
      {children ?? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            ยังไม่มีข้อมูลในส่วนนี้
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
