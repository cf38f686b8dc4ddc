import { Input } from "~mantine-core/components/Input/Input";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Switch } from "~mantine-core/components/Switch/Switch";
import { Textarea } from "~mantine-core/components/Textarea/Textarea";
import { MAX_REASON } from "~/models/leave/rules";
import { PhotoPicker } from "~/components/liff/PhotoPicker";

type Props = {
  file: File | null;
  onFile: (file: File | null) => void;
  /** The type's certificate_from_days reached (needsCertificate): a certificate or an explanation. */
  required: boolean;
  /** Why it is required, under the field (certificateRule). */
  rule: string;
  noCertificate: boolean;
  onNoCertificate: (on: boolean) => void;
  note: string;
  onNote: (note: string) => void;
  error?: string;
  noteError?: string;
  disabled: boolean;
};

/** The optional photo (camera or file) and, where the type asks for a certificate, the "no certificate" explanation. */
export function CertificateField({ file, onFile, required, rule, noCertificate, onNoCertificate, note, onNote, error, noteError, disabled }: Props) {
  const explaining = required && noCertificate;
  return (
    <Stack gap="xs">
      {explaining ? null : (
        <Input.Wrapper
          label={required ? "ใบรับรองแพทย์" : "แนบรูปใบรับรองแพทย์หรือเอกสาร (ถ้ามี)"}
          withAsterisk={required}
          description={required ? rule : undefined}
          error={error}
        >
          <PhotoPicker file={file} onFile={onFile} alt="รูปเอกสารที่แนบ" size={96} showName disabled={disabled} />
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
