import { Checkbox, Input, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ALL_OFFICES_LABEL } from "~/models/employees/labels";

/**
 * Where an employee may check in: every office, or some of the settings' offices. Posts
 * `office_names`: empty for every office, else the chosen names as a JSON list. An office the
 * settings no longer hold stays listed while it is chosen, so the admin sees it and can untick it.
 */
export function OfficeNamesField({
  offices,
  defaultValue,
  error,
  onChange,
}: {
  offices: readonly string[];
  defaultValue: readonly string[] | null;
  error?: string;
  onChange?: () => void;
}) {
  const [some, setSome] = useState(defaultValue !== null);
  const [chosen, setChosen] = useState<string[]>(defaultValue ? [...defaultValue] : []);
  const names = [...offices, ...chosen.filter((name) => !offices.includes(name))];
  const changed = (next: () => void) => {
    next();
    onChange?.();
  };
  return (
    <Input.Wrapper label="สำนักงานที่ลงเวลาได้" error={error}>
      <input type="hidden" name="office_names" value={some ? JSON.stringify(chosen) : ""} />
      <Radio.Group value={some ? "some" : "all"} onChange={(v) => changed(() => setSome(v === "some"))} aria-label="สำนักงานที่ลงเวลาได้">
        <Stack gap={6} mt={6}>
          <Radio value="all" label={ALL_OFFICES_LABEL} />
          <Radio value="some" label="เฉพาะสำนักงานที่เลือก" disabled={names.length === 0} />
        </Stack>
      </Radio.Group>
      {some ? (
        <Checkbox.Group
          value={chosen}
          onChange={(next) => changed(() => setChosen(names.filter((name) => next.includes(name))))}
          aria-label="สำนักงานที่เลือก"
        >
          <Stack gap={6} mt="xs" ml="lg">
            {names.map((name) => (
              <Checkbox key={name} value={name} label={offices.includes(name) ? name : `${name} (ไม่มีในการตั้งค่าแล้ว)`} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : null}
      {names.length === 0 ? (
        <Text fz="xs" c="dimmed" mt={4}>
          ยังไม่มีสำนักงานในการตั้งค่า (ลงเวลาเข้า-ออก &gt; ตั้งค่า)
        </Text>
      ) : null}
    </Input.Wrapper>
  );
}
