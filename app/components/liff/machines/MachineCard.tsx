import { Anchor } from "~mantine-core/components/Anchor/Anchor";
import { Badge } from "~mantine-core/components/Badge/Badge";
import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { Image } from "~mantine-core/components/Image/Image";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { ThemeIcon } from "~mantine-core/components/ThemeIcon/ThemeIcon";
import IconBuildingStore from "@tabler/icons-react/dist/esm/icons/IconBuildingStore.mjs";
import IconMapPin from "@tabler/icons-react/dist/esm/icons/IconMapPin.mjs";
import IconSend from "@tabler/icons-react/dist/esm/icons/IconSend.mjs";
import { thumbUrl } from "~/lib/uploads-shared";
import { clockTimeOf, formatThaiDate } from "~/lib/thai-date";
import { distanceText, STATUS_COLORS } from "~/components/machines/machine-status";
import type { EmployeeMachine } from "./machine-types";

/** One of the employee's machines: photo, code and name, type, distance, last visit, due date. */
export function MachineCard({ machine, onReport }: { machine: EmployeeMachine; onReport: (machine: EmployeeMachine) => void }) {
  const last = machine.last_visit;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="machine-card">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {machine.photo_url ? (
          <Image src={thumbUrl(machine.photo_url)} alt={`รูปตู้ ${machine.code}`} w={72} h={72} radius="sm" fit="cover" />
        ) : (
          <ThemeIcon size={72} radius="sm" variant="light" color="gray" aria-hidden>
            <IconBuildingStore size={36} />
          </ThemeIcon>
        )}
        <Stack gap={4} flex={1} miw={0}>
          <Group gap={6} wrap="wrap">
            <Text fw={700}>{machine.code}</Text>
            <Badge variant="light" color={machine.type === 2 ? "grape" : "gray"}>
              {machine.type_label}
            </Badge>
          </Group>
          <Text fz="sm">{machine.name}</Text>
          {machine.distance_m !== null ? (
            <Text fz="sm" c="dimmed">
              ห่าง {distanceText(machine.distance_m)}
            </Text>
          ) : null}
          {machine.map_url ? (
            <Anchor href={machine.map_url} target="_blank" rel="noreferrer" fz="sm">
              <Group gap={4} component="span">
                <IconMapPin size={14} aria-hidden />
                แผนที่
              </Group>
            </Anchor>
          ) : null}
        </Stack>
      </Group>
      <Stack gap={4} mt="xs">
        {last ? (
          <Group gap={6} wrap="wrap">
            <Text fz="sm">
              เข้าล่าสุด {formatThaiDate(last.visit_date)} {clockTimeOf(last.visited_at)} น.
            </Text>
            <Badge variant="light" color={STATUS_COLORS[last.status]}>
              {last.status_label}
            </Badge>
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            ยังไม่เคยส่งรายงาน
          </Text>
        )}
        {machine.due_date ? (
          <Group gap={6}>
            <Text fz="sm" c={machine.overdue ? "red" : undefined}>
              กำหนดเข้า {formatThaiDate(machine.due_date)}
            </Text>
            {machine.overdue ? (
              <Badge color="red" variant="filled">
                เลยกำหนด
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      <Button mt="sm" fullWidth size="md" leftSection={<IconSend size={18} />} onClick={() => onReport(machine)}>
        ส่งรายงาน
      </Button>
    </Paper>
  );
}
