import { Button } from "~mantine-core/components/Button/Button";
import { CloseButton } from "~mantine-core/components/CloseButton/CloseButton";
import { FileButton } from "~mantine-core/components/FileButton/FileButton";
import { Group } from "~mantine-core/components/Group/Group";
import { Image } from "~mantine-core/components/Image/Image";
import { Text } from "~mantine-core/components/Text/Text";
import IconCamera from "@tabler/icons-react/dist/esm/icons/IconCamera.mjs";
import IconPhoto from "@tabler/icons-react/dist/esm/icons/IconPhoto.mjs";
import { useObjectUrl } from "~/components/use-object-url";

type Props = {
  file: File | null;
  onFile: (file: File | null) => void;
  /** The preview's alt text. */
  alt: string;
  size?: number;
  /** Show the file's name beside the preview (a document rather than a scene). */
  showName?: boolean;
  disabled?: boolean;
};

/** A photo from the back camera or the gallery, with a preview and a remove button. */
export function PhotoPicker({ file, onFile, alt, size = 120, showName = false, disabled = false }: Props) {
  const preview = useObjectUrl(file);

  if (file && preview) {
    return (
      <Group mt={4} wrap="nowrap" align="flex-start">
        <Image src={preview} alt={alt} radius="sm" w={size} h={size} fit="cover" />
        {showName ? (
          <Text fz="sm" style={{ wordBreak: "break-all" }} flex={1}>
            {file.name}
          </Text>
        ) : null}
        <CloseButton aria-label="ลบรูปที่แนบ" onClick={() => onFile(null)} disabled={disabled} />
      </Group>
    );
  }
  return (
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
  );
}
