import {
  ActionIcon,
  Anchor,
  Button,
  Chip,
  Fieldset,
  Group,
  Input,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconMapPin, IconPlus, IconTrash } from "@tabler/icons-react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useActionToasts } from "~/components/action-toasts";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { TimeField } from "~/components/TimeField";

export type OfficeValue = { name: string; lat: number; lng: number; radius_m: number };

/** The attendance settings the tab edits (GET /api/settings's keys). */
export type AttendanceSettingsValues = {
  offices: OfficeValue[];
  outside_radius: "reject" | "review";
  max_accuracy_m: number;
  work_start: string;
  work_end: string;
  break_start: string;
  break_end: string;
  late_grace_minutes: number;
  early_grace_minutes: number;
  work_days: number[];
  require_selfie: boolean;
  face_threshold: number;
  missing_checkout_hour: number;
  selfie_retention_days: number;
  /** The first date attendance counts ("" until the first office is saved). */
  attendance_start: string;
};

/** The page action's answer to `intent=settings`. */
export type SettingsAnswer = { ok: true; message: string } | { ok: false; error: string; fields: Record<string, string> };

/** The keys the tab reads and writes. */
export const SETTINGS_TAB_KEYS = [
  "offices",
  "outside_radius",
  "max_accuracy_m",
  "work_start",
  "work_end",
  "break_start",
  "break_end",
  "late_grace_minutes",
  "early_grace_minutes",
  "work_days",
  "require_selfie",
  "face_threshold",
  "missing_checkout_hour",
  "selfie_retention_days",
  "attendance_start",
] as const satisfies readonly (keyof AttendanceSettingsValues)[];

export const SETTINGS_INTENT = "settings";
export const SETTINGS_FETCHER_KEY = "attendance-settings";

/** ISO weekdays, Monday first. */
export const WEEKDAYS = [
  { value: 1, label: "จ" },
  { value: 2, label: "อ" },
  { value: 3, label: "พ" },
  { value: 4, label: "พฤ" },
  { value: 5, label: "ศ" },
  { value: 6, label: "ส" },
  { value: 7, label: "อา" },
] as const;

// A number field left empty is sent as null, so the server answers with the field's Thai message.
type Num = number | null;
type OfficeRow = { key: number; name: string; lat: Num; lng: Num; radius_m: Num };
type NumberKey = "max_accuracy_m" | "late_grace_minutes" | "early_grace_minutes" | "face_threshold" | "missing_checkout_hour" | "selfie_retention_days";
type FormValues = Omit<AttendanceSettingsValues, "offices" | NumberKey> & { offices: OfficeRow[] } & Record<NumberKey, Num>;

const toNum = (v: string | number): Num => (typeof v === "number" ? v : v.trim() === "" ? null : Number(v));

let rowKey = 0;
const toForm = (s: AttendanceSettingsValues): FormValues => ({ ...s, offices: s.offices.map((o) => ({ ...o, key: ++rowKey })) });

/** An attendance_start still unset is not sent: the server sets it when the first office is saved. */
function payload({ attendance_start, ...v }: FormValues) {
  return {
    ...v,
    ...(attendance_start ? { attendance_start } : {}),
    offices: v.offices.map(({ name, lat, lng, radius_m }) => ({ name, lat, lng, radius_m })),
  };
}

export const DEFAULT_OFFICE_RADIUS_M = 100;

/** The "ตั้งค่า" tab of /admin/checkin-out: offices, work hours and the check-in rules. */
export function SettingsTab({ settings }: { settings: AttendanceSettingsValues }) {
  const fetcher = useFetcher<SettingsAnswer>({ key: SETTINGS_FETCHER_KEY });
  const [values, setValues] = useState<FormValues>(() => toForm(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useActionToasts(fetcher, { onSuccess: () => setErrors({}) });

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setErrors(fetcher.data.fields);
  }, [fetcher.state, fetcher.data]);

  // The date the server set with the first office shows once the page's data comes back.
  useEffect(() => {
    setValues((v) => (v.attendance_start === "" && settings.attendance_start !== "" ? { ...v, attendance_start: settings.attendance_start } : v));
  }, [settings.attendance_start]);

  const sending = fetcher.state !== "idle";

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  }

  function setOffice(index: number, patch: Partial<OfficeRow>) {
    setValues((v) => ({ ...v, offices: v.offices.map((o, i) => (i === index ? { ...o, ...patch } : o)) }));
    setErrors((e) => {
      const next = { ...e };
      for (const field of Object.keys(patch)) delete next[`offices.${index}.${field}`];
      delete next.offices;
      return next;
    });
  }

  function addOffice() {
    setValues((v) => ({ ...v, offices: [...v.offices, { key: ++rowKey, name: "", lat: null, lng: null, radius_m: DEFAULT_OFFICE_RADIUS_M }] }));
  }

  function removeOffice(index: number) {
    setValues((v) => ({ ...v, offices: v.offices.filter((_, i) => i !== index) }));
    // Row errors are keyed by position: after a removal they no longer point at the right row.
    setErrors(({ offices: _o, ...rest }) => Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith("offices."))));
  }

  function save(event: React.FormEvent) {
    event.preventDefault();
    fetcher.submit({ intent: SETTINGS_INTENT, settings: JSON.stringify(payload(values)) }, { method: "post" });
  }

  const num = (key: NumberKey) => ({
    value: values[key] ?? "",
    onChange: (v: string | number) => set(key, toNum(v)),
    error: errors[key],
  });
  const time = (key: "work_start" | "work_end" | "break_start" | "break_end") => ({
    value: values[key],
    onChange: (value: string) => set(key, value),
    error: errors[key],
  });

  return (
    <form onSubmit={save} noValidate aria-label="ตั้งค่าการลงเวลา">
      <Stack>
        <Fieldset legend="สำนักงาน (จุดลงเวลา)">
          <Stack>
            {values.offices.length === 0 ? (
              <Text c="dimmed" fz="sm">
                ยังไม่มีสำนักงาน พนักงานจะลงเวลาได้เมื่อเพิ่มอย่างน้อยหนึ่งแห่ง
              </Text>
            ) : null}
            {values.offices.map((office, i) => {
              const n = i + 1;
              return (
                <Paper key={office.key} withBorder p="sm" radius="md" data-testid="office-row">
                  <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
                    <TextInput
                      label={`ชื่อสำนักงาน ${n}`}
                      value={office.name}
                      onChange={(e) => setOffice(i, { name: e.currentTarget.value })}
                      error={errors[`offices.${i}.name`]}
                      maxLength={100}
                    />
                    <NumberInput
                      label={`ละติจูด ${n}`}
                      value={office.lat ?? ""}
                      onChange={(v) => setOffice(i, { lat: toNum(v) })}
                      error={errors[`offices.${i}.lat`]}
                      decimalScale={7}
                      hideControls
                    />
                    <NumberInput
                      label={`ลองจิจูด ${n}`}
                      value={office.lng ?? ""}
                      onChange={(v) => setOffice(i, { lng: toNum(v) })}
                      error={errors[`offices.${i}.lng`]}
                      decimalScale={7}
                      hideControls
                    />
                    <NumberInput
                      label={`รัศมี (เมตร) ${n}`}
                      value={office.radius_m ?? ""}
                      onChange={(v) => setOffice(i, { radius_m: toNum(v) })}
                      error={errors[`offices.${i}.radius_m`]}
                      min={10}
                      max={5000}
                      allowDecimal={false}
                    />
                  </SimpleGrid>
                  <Group justify="space-between" mt="xs">
                    {office.lat !== null && office.lng !== null ? (
                      <Anchor href={`https://www.google.com/maps?q=${office.lat},${office.lng}`} target="_blank" rel="noreferrer" fz="sm">
                        <Group gap={4} component="span">
                          <IconMapPin size={16} aria-hidden />
                          ดูบนแผนที่
                        </Group>
                      </Anchor>
                    ) : (
                      <span />
                    )}
                    <Tooltip label="ลบสำนักงาน">
                      <ActionIcon variant="subtle" color="red" aria-label={`ลบสำนักงาน ${n}`} onClick={() => removeOffice(i)}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Paper>
              );
            })}
            {errors.offices ? (
              <Text c="red" fz="sm">
                {errors.offices}
              </Text>
            ) : null}
            <Group>
              <Button variant="light" leftSection={<IconPlus size={18} />} onClick={addOffice}>
                เพิ่มสำนักงาน
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <Fieldset legend="ตำแหน่งและรูปถ่าย">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="เมื่ออยู่นอกรัศมี"
              data={[
                { value: "review", label: "รับไว้และส่งให้ตรวจสอบ" },
                { value: "reject", label: "ไม่ให้ลงเวลา" },
              ]}
              value={values.outside_radius}
              onChange={(v) => v && set("outside_radius", v === "reject" ? "reject" : "review")}
              allowDeselect={false}
              error={errors.outside_radius}
            />
            <NumberInput label="ความคลาดเคลื่อนของตำแหน่งที่ยอมรับ (เมตร)" {...num("max_accuracy_m")} allowDecimal={false} />
            <Switch
              label="บังคับถ่ายรูปใบหน้าเมื่อลงเวลา"
              checked={values.require_selfie}
              onChange={(e) => set("require_selfie", e.currentTarget.checked)}
              error={errors.require_selfie}
              mt="md"
            />
            <NumberInput label="เกณฑ์ความต่างของใบหน้า (0.2–0.9)" {...num("face_threshold")} step={0.05} decimalScale={2} />
            <NumberInput label="เก็บรูปถ่ายลงเวลา (วัน)" {...num("selfie_retention_days")} allowDecimal={false} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="เวลาทำงาน">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <TimeField label="เวลาเข้างาน" {...time("work_start")} />
            <TimeField label="เวลาเริ่มพัก" {...time("break_start")} />
            <TimeField label="เวลาสิ้นสุดพัก" {...time("break_end")} />
            <TimeField label="เวลาเลิกงาน" {...time("work_end")} />
            <NumberInput label="ผ่อนผันมาสาย (นาที)" {...num("late_grace_minutes")} allowDecimal={false} />
            <NumberInput label="ผ่อนผันออกก่อน (นาที)" {...num("early_grace_minutes")} allowDecimal={false} />
            <NumberInput label="ไม่ได้ลงเวลาออกหลัง (ชั่วโมง 0–23)" {...num("missing_checkout_hour")} allowDecimal={false} />
          </SimpleGrid>
          <Input.Wrapper label="วันทำงาน" error={errors.work_days} mt="md">
            <Chip.Group
              multiple
              value={values.work_days.map(String)}
              onChange={(days) =>
                set(
                  "work_days",
                  days.map(Number).sort((a, b) => a - b),
                )
              }
            >
              <Group gap="xs" mt={4}>
                {WEEKDAYS.map((d) => (
                  <Chip key={d.value} value={String(d.value)}>
                    {d.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            <ThaiDateInput
              label="วันที่เริ่มนับการลงเวลา"
              description="วันก่อนหน้านี้ไม่นับเป็นวันขาดงาน"
              placeholder="นับตั้งแต่วันที่เพิ่มสำนักงานแห่งแรก"
              value={values.attendance_start || null}
              onChange={(date) => set("attendance_start", date ?? "")}
              clearable={false}
              error={errors.attendance_start}
            />
          </SimpleGrid>
        </Fieldset>

        <Group justify="flex-end">
          <Button type="submit" loading={sending}>
            บันทึกการตั้งค่า
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
