import { Alert, Button, FileInput, Group, Modal, Radio, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFileTypeCsv } from "@tabler/icons-react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useSubmitGuard } from "~/components/dialog-fetcher";
import { MAX_IMPORT_ROWS, type ImportMode, type ImportReport } from "~/models/employees/import-schema";

export const IMPORT_ACTION = "/api/employee/import";

/** 200/201 a report; 400 a report with `error` (nothing written), or only `error` (a file that cannot be read). */
type ImportAnswer = (ImportReport & { error?: string }) | { error: string };

const fmt = (n: number) => n.toLocaleString("th-TH");

/** Upload a CSV in the export's format, see every row's problems, then import (valid rows only, or all or nothing). */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="นำเข้าพนักงานจากไฟล์ CSV" size="xl">
      {opened ? <ImportForm onClose={onClose} /> : null}
    </Modal>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<ImportAnswer>();
  const { busy, claim } = useSubmitGuard(fetcher.state, fetcher.data);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<Exclude<ImportMode, "preview">>("valid_only");
  const [answer, setAnswer] = useState<typeof fetcher.data | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const data = fetcher.data;
    if ("created" in data && data.created > 0) {
      notifications.show({ color: "green", message: `นำเข้าพนักงานแล้ว ${fmt(data.created)} คน` });
      onClose();
    } else setAnswer(data);
  }, [fetcher.state, fetcher.data, onClose]);

  const send = (as: ImportMode) => {
    if (!file || !claim()) return;
    const form = new FormData();
    form.append("file", file);
    form.append("mode", as);
    fetcher.submit(form, { method: "post", action: IMPORT_ACTION, encType: "multipart/form-data" });
  };

  const report = answer && "total" in answer ? answer : null;
  const canImport = report != null && report.valid > 0 && (mode === "valid_only" || report.invalid === 0);

  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        ใช้ไฟล์แบบเดียวกับปุ่ม “ส่งออก CSV” (หัวคอลัมน์ภาษาไทยเหมือนกัน) บันทึกเป็น CSV UTF-8 ได้ไม่เกิน {fmt(MAX_IMPORT_ROWS)} แถว
        ระบบจะตรวจทุกแถวก่อน ยังไม่บันทึกจนกว่าจะกด “นำเข้า”
      </Text>
      <FileInput
        label="ไฟล์ CSV"
        placeholder="เลือกไฟล์"
        accept=".csv,text/csv"
        leftSection={<IconFileTypeCsv size={16} />}
        value={file}
        clearable
        onChange={(next) => {
          setFile(next);
          setAnswer(null);
        }}
      />
      {answer?.error ? <Alert color="red">{answer.error}</Alert> : null}
      {report ? (
        <>
          <Text fz="sm" data-testid="import-summary">
            ทั้งหมด {fmt(report.total)} แถว · ถูกต้อง {fmt(report.valid)} · มีปัญหา {fmt(report.invalid)}
          </Text>
          {report.problems && report.problems.length > 0 ? (
            <ScrollArea.Autosize mah={320}>
              <Table striped verticalSpacing={4} aria-label="แถวที่มีปัญหา">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>แถว</Table.Th>
                    <Table.Th>รหัส</Table.Th>
                    <Table.Th>ชื่อ</Table.Th>
                    <Table.Th>ปัญหา</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.problems.map((p) => (
                    <Table.Tr key={p.row} data-testid="import-problem">
                      <Table.Td>{p.row}</Table.Td>
                      <Table.Td ff="monospace">{p.code || "-"}</Table.Td>
                      <Table.Td>{p.name || "-"}</Table.Td>
                      <Table.Td>
                        {Object.values(p.fields).map((message) => (
                          <Text key={message} fz="sm" c="red">
                            {message}
                          </Text>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          ) : null}
          {report.invalid > 0 ? (
            <Radio.Group value={mode} onChange={(v) => setMode(v === "all_or_nothing" ? v : "valid_only")} label="เมื่อมีแถวที่มีปัญหา">
              <Stack gap={6} mt={6}>
                <Radio value="valid_only" label={`นำเข้าเฉพาะแถวที่ถูกต้อง (${fmt(report.valid)} คน)`} />
                <Radio value="all_or_nothing" label="ไม่นำเข้าเลย จนกว่าจะแก้ไฟล์ให้ถูกทุกแถว" />
              </Stack>
            </Radio.Group>
          ) : null}
        </>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          ยกเลิก
        </Button>
        {report ? (
          <Button disabled={!canImport} loading={busy} onClick={() => send(report.invalid ? mode : "all_or_nothing")}>
            นำเข้า {fmt(report.valid)} คน
          </Button>
        ) : (
          <Button disabled={!file} loading={busy} onClick={() => send("preview")}>
            ตรวจสอบไฟล์
          </Button>
        )}
      </Group>
    </Stack>
  );
}
