import { Button, CloseButton, FileButton, Group, Image, Input, Stack, Switch, Text, Textarea } from "@mantine/core";
import { IconCamera, IconPhoto } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { CERTIFICATE_MIN_DAYS } from "~/models/leave-rules";
import { MAX_REASON } from "~/models/leave-schema";

type Props = {
  file: File | null;
  onFile: (file: File | null) => void;
  /** A sick leave of CERTIFICATE_MIN_DAYS working days or more: a certificate or an explanation. */
  required: boolean;
  noCertificate: boolean;
  onNoCertificate: (on: boolean) => void;
  note: string;
  onNote: (note: string) => void;
  error?: string;
  noteError?: string;
  disabled: boolean;
};

/** The optional photo (camera or file) and, for a long sick leave, the "no certificate" explanation. */
export function CertificateField({ file, onFile, required, noCertificate, onNoCertificate, note, onNote, error, noteError, disabled }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const explaining = required && noCertificate;
  return (
    <Stack gap="xs">
      {explaining ? null : (
        <Input.Wrapper
          label={required ? "ใบรับรองแพทย์" : "แนบรูปใบรับรองแพทย์หรือเอกสาร (ถ้ามี)"}
          withAsterisk={required}
          description={required ? `ลาป่วยตั้งแต่ ${CERTIFICATE_MIN_DAYS} วันทำงานขึ้นไป ต้องมีใบรับรองแพทย์` : undefined}
          error={error}
        >
          {file && preview ? (
            <Group mt={4} wrap="nowrap" align="flex-start">
              <Image src={preview} alt="รูปเอกสารที่แนบ" radius="sm" w={96} h={96} fit="cover" />
              <Text fz="sm" style={{ wordBreak: "break-all" }} flex={1}>
                {file.name}
              </Text>
              <CloseButton aria-label="ลบรูปที่แนบ" onClick={() => onFile(null)} disabled={disabled} />
            </Group>
          ) : (
            <Group mt={4} grow>
              <FileButton onChange={onFile} accept="image/*" capture="environment" disabled={disabled}>
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconCamera size={18} />}>
                    ถ่ายรูป
                  </Button>
                )}
              </FileButton>
              <FileButton onChange={onFile} accept="image/*" disabled={disabled}>
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconPhoto size={18} />}>
                    เลือกรูป
                  </Button>
                )}
              </FileButton>
            </Group>
          )}
        </Input.Wrapper>
      )}
      {required ? (
        <Switch
          label="ไม่มีใบรับรองแพทย์ — เขียนคำชี้แจงแทน"
          checked={noCertificate}
          onChange={(e) => onNoCertificate(e.currentTarget.checked)}
          disabled={disabled}
        />
      ) : null}
      {explaining ? (
        <Textarea
          label="คำชี้แจงแทนใบรับรองแพทย์"
          withAsterisk
          autosize
          minRows={3}
          maxLength={MAX_REASON}
          value={note}
          onChange={(e) => onNote(e.currentTarget.value)}
          error={noteError ?? error}
          description={`${note.length}/${MAX_REASON}`}
          disabled={disabled}
        />
      ) : null}
    </Stack>
  );
}
