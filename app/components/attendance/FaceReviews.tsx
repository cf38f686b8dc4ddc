import { Anchor, Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useSearchParams } from "@remix-run/react";
import { formatThaiDateTime } from "~/lib/thai-date";
import { thumbUrl } from "~/lib/uploads-shared";
import { ThaiPagination } from "~/components/ListFooter";
import { PlainGroup, PlainStack, PlainText } from "~/components/PlainMantine";
import { DecisionControls } from "./DecisionControls";
import { EmployeeCaption } from "./EmployeeCaption";

export const FACE_REVIEW_INTENT = "face_review";
export const FACE_PAGE_PARAM = "face_page";

export type FaceReviewsData = {
  items: {
    employee: { id: number; code: string; full_name: string; position: string; photo_url: string | null };
    face_url: string;
    face_registered_at: string | null;
    face_consent_at: string | null;
  }[];
  total: number;
  page: number;
  page_size: number;
};

function Picture({ url, label }: { url: string | null; label: string }) {
  return (
    <PlainStack gap={2} align="center">
      {url ? (
        <Anchor href={url} target="_blank" rel="noreferrer">
          <Image src={thumbUrl(url)} alt={label} w={120} h={120} radius="sm" fit="cover" />
        </Anchor>
      ) : (
        <Text w={120} h={120} fz="xs" c="dimmed" ta="center" pt="xl" bg="var(--mantine-color-gray-light)">
          ไม่มีรูปพนักงาน
        </Text>
      )}
      <PlainText fz="xs" c="dimmed">
        {label}
      </PlainText>
    </PlainStack>
  );
}

function FaceCard({ item }: { item: FaceReviewsData["items"][number] }) {
  const { employee } = item;
  return (
    <Card withBorder radius="md" data-testid="face-review-card">
      <PlainStack gap="sm">
        <EmployeeCaption employee={employee}>
          {item.face_registered_at ? ` · ลงทะเบียน ${formatThaiDateTime(item.face_registered_at)}` : ""}
        </EmployeeCaption>
        <PlainGroup gap="sm" align="flex-start">
          <Picture url={item.face_url} label="ใบหน้าที่ลงทะเบียน" />
          <Picture url={employee.photo_url} label="รูปพนักงาน" />
        </PlainGroup>
        <DecisionControls
          fetcherKey={`face-review-${employee.id}`}
          fields={(decision, note) => ({ intent: FACE_REVIEW_INTENT, id: String(employee.id), decision, note, face_url: item.face_url })}
          placeholder="เช่น เหตุผลที่ไม่ใช่ใบหน้าของพนักงาน"
          accept={{ decision: "confirm", label: "ยืนยัน" }}
          reject={{
            decision: "reject",
            label: "ไม่ใช่ใบหน้าของพนักงาน",
            title: "ไม่ใช่ใบหน้าของพนักงาน",
            body: `ใบหน้าที่ลงทะเบียนของ ${employee.full_name} (${employee.code}) จะถูกลบ และพนักงานต้องลงทะเบียนใบหน้าใหม่`,
            confirmLabel: "ลบใบหน้านี้",
          }}
        />
      </PlainStack>
    </Card>
  );
}

/** New face registrations, shown once each so an admin can confirm the face is the employee's. */
export function FaceReviews({ data }: { data: FaceReviewsData }) {
  const [params, setParams] = useSearchParams();
  if (data.total === 0) return null;
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete(FACE_PAGE_PARAM);
    else next.set(FACE_PAGE_PARAM, String(page));
    setParams(next, { preventScrollReset: true });
  };
  return (
    <Stack gap="sm" component="section" aria-label="ใบหน้าที่ลงทะเบียนใหม่">
      <Group gap="xs">
        <Title order={3} fz="lg">
          ใบหน้าที่ลงทะเบียนใหม่
        </Title>
        <Badge color="yellow" variant="light">
          {data.total} รายการ
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed">
        ตรวจว่าใบหน้าที่ลงทะเบียนเป็นของพนักงานคนนั้นจริง ก่อนใช้เทียบกับรูปตอนลงเวลา
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {data.items.map((item) => (
          <FaceCard key={item.employee.id} item={item} />
        ))}
      </SimpleGrid>
      {pages > 1 ? <ThaiPagination value={data.page} total={pages} onChange={goTo} /> : null}
    </Stack>
  );
}
