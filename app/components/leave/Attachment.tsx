import { Anchor, Image, Modal, Stack, Text, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { thumbUrl } from "~/lib/uploads-shared";

/** A petition's medical certificate: a thumbnail that opens the full picture, or the explanation given instead. */
export function Attachment({ url, note }: { url: string | null; note: string | null }) {
  const [open, setOpen] = useState(false);
  if (!url && !note) return null;
  return (
    <Stack gap={4}>
      {url ? (
        <>
          <UnstyledButton onClick={() => setOpen(true)} aria-label="ดูใบรับรองแพทย์" w="fit-content">
            <Image src={thumbUrl(url)} alt="ใบรับรองแพทย์" w={72} h={72} radius="sm" fit="cover" />
          </UnstyledButton>
          <Modal opened={open} onClose={() => setOpen(false)} title="ใบรับรองแพทย์" size="xl">
            <Stack>
              <Image src={url} alt="ใบรับรองแพทย์ (ขนาดเต็ม)" fit="contain" mah="75vh" />
              <Anchor href={url} target="_blank" rel="noreferrer" fz="sm">
                เปิดในแท็บใหม่
              </Anchor>
            </Stack>
          </Modal>
        </>
      ) : null}
      {note ? (
        <Text fz="sm">
          <Text span fw={600} fz="sm">
            คำชี้แจงแทนใบรับรองแพทย์:
          </Text>{" "}
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
