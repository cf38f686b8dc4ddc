import { Avatar, Box, Group, Stack, Text } from "@mantine/core";
import type { CSSProperties } from "react";
import { describeMessage } from "~/lib/line-message-label";
import type { MatchMode } from "~/models/line/message-schema";

const CHAT_BACKGROUND = "#8cabd9";
const bubble: CSSProperties = {
  maxWidth: "78%",
  padding: "8px 12px",
  borderRadius: 18,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  fontSize: 14,
  lineHeight: 1.45,
  boxShadow: "0 1px 1px rgba(0,0,0,0.08)",
};

function BotBubble({ message, first }: { message: Record<string, unknown>; first: boolean }) {
  const isText = message.type === "text";
  const label = describeMessage(message);
  return (
    <Group gap={6} align="flex-start" wrap="nowrap">
      {first ? (
        <Avatar size={30} radius="xl" color="green" variant="filled" aria-hidden>
          TN
        </Avatar>
      ) : (
        <Box w={30} style={{ flexShrink: 0 }} />
      )}
      <Box
        data-testid="reply-bubble"
        style={{
          ...bubble,
          background: "#ffffff",
          color: "#111",
          borderTopLeftRadius: first ? 4 : 18,
          fontStyle: isText ? undefined : "italic",
        }}
      >
        {isText && !label.trim() ? <Text span c="dimmed" fz="sm">(ยังไม่มีข้อความ)</Text> : label}
      </Box>
    </Group>
  );
}

/**
 * What a LINE user sees: their message (the keyword) on the right, the bot's replies as white
 * bubbles on the left, on LINE's blue chat background. Updates as the admin types.
 */
export function ReplyBubblePreview({
  keyword,
  match,
  messages,
}: {
  keyword: string;
  match: MatchMode;
  messages: Record<string, unknown>[];
}) {
  const said = keyword.trim() ? (match === "contains" ? `…${keyword.trim()}…` : keyword.trim()) : "คำสำคัญ";
  return (
    <Stack gap={8} p="sm" aria-label="ตัวอย่างการตอบกลับใน LINE" role="figure" style={{ background: CHAT_BACKGROUND, borderRadius: 12, minHeight: 220 }}>
      <Text fz="xs" c="white" ta="center" fw={500}>
        ตัวอย่างใน LINE
      </Text>
      <Group justify="flex-end">
        <Box style={{ ...bubble, background: "#a8e27e", color: "#111", borderTopRightRadius: 4 }}>{said}</Box>
      </Group>
      {messages.length === 0 ? (
        <Text fz="sm" c="white" ta="center">
          ยังไม่มีข้อความตอบกลับ
        </Text>
      ) : (
        messages.map((message, i) => <BotBubble key={i} message={message} first={i === 0} />)
      )}
      {match === "contains" ? (
        <Text fz="xs" c="white" ta="center" mt="auto">
          บอทตอบเมื่อข้อความมีคำว่า “{keyword.trim() || "…"}” อยู่ในประโยค
        </Text>
      ) : null}
    </Stack>
  );
}
