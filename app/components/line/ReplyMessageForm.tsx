import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Input,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import {
  DUPLICATE_KEYWORD_ERROR,
  MAX_KEYWORD_LENGTH,
  MAX_MESSAGES,
  MAX_TEXT_LENGTH,
  type MatchMode,
} from "~/models/line/message-schema";
import { MATCH_LABELS } from "~/models/line/labels";
import type { ReplyDto } from "~/models/line/reply-message.server";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { describeMessage } from "~/lib/line-message-label";
import { ReplyBubblePreview } from "./ReplyBubblePreview";

type Message = Record<string, unknown>;

const MATCH_DATA = (Object.keys(MATCH_LABELS) as MatchMode[]).map((value) => ({ value, label: MATCH_LABELS[value] }));

function Editor({ reply, fetcher, onClose }: { reply: ReplyDto | null; fetcher: DialogFetcher; onClose: () => void }) {
  const [keyword, setKeyword] = useState(reply?.keyword ?? "");
  const [match, setMatch] = useState<MatchMode>(reply?.match ?? "exact");
  const [active, setActive] = useState(reply?.active ?? true);
  const [messages, setMessages] = useState<Message[]>(reply?.messages ?? [{ type: "text", text: "" }]);
  const { fields, error: formError, busy, formProps, clearField } = useDialogForm(fetcher);
  const duplicate = fields.keyword === DUPLICATE_KEYWORD_ERROR;

  const setText = (index: number, text: string) => {
    setMessages((list) => list.map((m, i) => (i === index ? { ...m, text } : m)));
    clearField("messages", `messages.${index}`, `messages.${index}.text`);
  };
  const remove = (index: number) => setMessages((list) => list.filter((_, i) => i !== index));
  const add = () => setMessages((list) => (list.length < MAX_MESSAGES ? [...list, { type: "text", text: "" }] : list));

  return (
    <fetcher.Form method="post" noValidate {...formProps}>
      <input type="hidden" name="intent" value={reply ? "update" : "create"} />
      {reply ? <input type="hidden" name="id" value={reply.id} /> : null}
      <input type="hidden" name="match" value={match} />
      <input type="hidden" name="active" value={String(active)} />
      <input type="hidden" name="messages" value={JSON.stringify(messages)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          {formError ? (
            <Alert color="red" variant="light" p="xs">
              {formError}
            </Alert>
          ) : null}
          <TextInput
            name="keyword"
            label="คำสำคัญ"
            description="ข้อความที่ผู้ใช้พิมพ์ใน LINE"
            required
            value={keyword}
            maxLength={MAX_KEYWORD_LENGTH}
            onChange={(e) => setKeyword(e.currentTarget.value)}
            error={duplicate ? undefined : fields.keyword}
            data-autofocus
          />
          {duplicate ? (
            <Alert color="yellow" variant="light" p="xs" title="คำสำคัญซ้ำ">
              <Stack gap={6} align="flex-start">
                <Text fz="sm">{DUPLICATE_KEYWORD_ERROR}</Text>
                <Button type="submit" name="allow_duplicate" value="true" size="xs" variant="light" color="yellow" loading={busy}>
                  เพิ่มอยู่ดี
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Input.Wrapper label="รูปแบบการจับคู่" error={fields.match}>
            <SegmentedControl fullWidth data={MATCH_DATA} value={match} onChange={(v) => setMatch(v as MatchMode)} />
          </Input.Wrapper>
          <Switch label="เปิดใช้งาน" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          <Input.Wrapper
            label={`ข้อความตอบกลับ (${messages.length}/${MAX_MESSAGES})`}
            description={`ส่งได้ 1–${MAX_MESSAGES} ข้อความต่อการตอบกลับหนึ่งครั้ง`}
            error={fields.messages}
          >
            <Stack gap="xs" mt={6}>
              {messages.map((message, index) => (
                <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
                  {message.type === "text" ? (
                    <Textarea
                      style={{ flex: 1 }}
                      aria-label={`ข้อความที่ ${index + 1}`}
                      placeholder={`ข้อความที่ ${index + 1}`}
                      autosize
                      minRows={2}
                      maxRows={8}
                      value={String(message.text ?? "")}
                      onChange={(e) => setText(index, e.currentTarget.value)}
                      error={fields[`messages.${index}.text`] ?? fields[`messages.${index}`]}
                      description={`${String(message.text ?? "").length.toLocaleString("th-TH")}/${MAX_TEXT_LENGTH.toLocaleString("th-TH")}`}
                      inputWrapperOrder={["input", "error", "description"]}
                    />
                  ) : (
                    <Paper withBorder p="xs" style={{ flex: 1 }}>
                      <Text fz="sm">{describeMessage(message)}</Text>
                      <Text fz="xs" c="dimmed">
                        ข้อความประเภท {String(message.type)} แก้ไขได้ผ่าน API เท่านั้น
                      </Text>
                    </Paper>
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={6}
                    aria-label={`ลบข้อความที่ ${index + 1}`}
                    disabled={messages.length <= 1}
                    onClick={() => remove(index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={add}
                disabled={messages.length >= MAX_MESSAGES}
                w="fit-content"
              >
                เพิ่มข้อความ
              </Button>
            </Stack>
          </Input.Wrapper>
        </Stack>
        <ReplyBubblePreview keyword={keyword} match={match} messages={messages} />
      </SimpleGrid>
      <DialogButtons busy={busy} onClose={onClose} submit="บันทึก" />
    </fetcher.Form>
  );
}

/** Create (no reply) or edit one; posts to the page action through the given fetcher. */
export function ReplyMessageForm({
  opened,
  reply,
  fetcher,
  onClose,
}: {
  opened: boolean;
  reply: ReplyDto | null;
  fetcher: DialogFetcher;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={reply ? "แก้ไขข้อความตอบกลับ" : "เพิ่มข้อความตอบกลับ"} size="xl">
      {opened ? <Editor key={reply?.id ?? "new"} reply={reply} fetcher={fetcher} onClose={onClose} /> : null}
    </Modal>
  );
}
