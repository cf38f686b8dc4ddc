import { Button, Group, LoadingOverlay, Paper, Select, Text } from "@mantine/core";
import { IconDownload, IconHistory } from "@tabler/icons-react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuditTable } from "~/components/audit/AuditTable";
import { EmptyState } from "~/components/EmptyState";
import { PageFrame } from "~/components/PageFrame";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { adminLoader } from "~/http/page-loaders.server";
import { dayjs } from "~/lib/thai-date";
import { ACTOR_TYPE_LABELS, AUDIT_ENTITY_LABELS } from "~/models/audit/labels";
import { auditAdminOptions, auditPageQuery, listAuditEntries } from "~/models/audit/audit.server";
import { ListFooter } from "~/components/ListFooter";

export const meta: MetaFunction = () => [{ title: "ประวัติการแก้ไข · TN Management" }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ({ request }) => {
    // A hand-edited bad filter shows the whole log's first page rather than an error.
    const query = auditPageQuery(new URL(request.url).searchParams);
    const filter = { entity: query.entity, entity_id: query.entity_id, actor: query.actor, actor_id: query.actor_id, from: query.from, to: query.to };
    return json({ filter, ...listAuditEntries(query), admins: auditAdminOptions() });
  });

const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }));

/** The "who" picker: a kind of actor, or one admin (`admin:<id>`). */
function actorValue(filter: { actor?: string; actor_id?: number }) {
  if (!filter.actor) return null;
  return filter.actor_id !== undefined ? `${filter.actor}:${filter.actor_id}` : filter.actor;
}

export default function AuditPage() {
  const data = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/audit";
  const { filter } = data;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    if (!("page" in changes)) next.delete("page");
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { preventScrollReset: true });
  };
  const asDate = (value: string | null) => (value ? dayjs(value).format("YYYY-MM-DD") : null);

  const actorOptions = [
    { group: "ประเภท", items: (["admin", "employee", "system"] as const).map((value) => ({ value, label: ACTOR_TYPE_LABELS[value] })) },
    { group: "ผู้ดูแลระบบ", items: data.admins.map((a) => ({ value: `admin:${a.id}`, label: a.name })) },
  ];
  const csv = new URLSearchParams({ format: "csv" });
  for (const [k, v] of Object.entries(filter)) if (v !== undefined) csv.set(k, String(v));
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const filteredRecord = data.items.find((i) => i.entity_id === filter.entity_id)?.entity_name;

  return (
    <PageFrame title="ประวัติการแก้ไข" description="ใครแก้ไขอะไร เมื่อไร ในระบบ">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="รายการ"
          placeholder="ทั้งหมด"
          data={ENTITY_OPTIONS}
          value={filter.entity ?? null}
          onChange={(v) => update({ entity: v, entity_id: null })}
          clearable
          w={180}
        />
        <Select
          label="ผู้ทำ"
          placeholder="ทุกคน"
          data={actorOptions}
          value={actorValue(filter)}
          onChange={(v) => {
            const [actor, id] = (v ?? "").split(":");
            update({ actor: actor || null, actor_id: id ?? null });
          }}
          clearable
          searchable
          w={220}
        />
        <ThaiDateInput label="ตั้งแต่วันที่" value={filter.from ?? null} onChange={(v) => update({ from: asDate(v) })} w={170} />
        <ThaiDateInput label="ถึงวันที่" value={filter.to ?? null} onChange={(v) => update({ to: asDate(v) })} w={170} />
        <Button component="a" href={`/api/audit?${csv}`} download variant="default" leftSection={<IconDownload size={16} />} ml="auto">
          ส่งออก CSV
        </Button>
      </Group>
      {filter.entity_id ? (
        <Text fz="sm" c="dimmed">
          เฉพาะรายการ {filteredRecord ?? `#${filter.entity_id}`}{" "}
          <Button variant="subtle" size="compact-xs" onClick={() => update({ entity_id: null })}>
            ดูทั้งหมด
          </Button>
        </Text>
      ) : null}
      <Paper withBorder radius="md" pos="relative">
        <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ blur: 1 }} />
        {data.items.length === 0 ? (
          <EmptyState
            icon={<IconHistory size={24} />}
            title={filtered ? "ไม่พบประวัติตามตัวกรองนี้" : "ยังไม่มีประวัติการแก้ไข"}
            hint={filtered ? "ลองเปลี่ยนตัวกรองหรือช่วงวันที่" : undefined}
          />
        ) : (
          <AuditTable items={data.items} />
        )}
      </Paper>
      <ListFooter total={data.total} unit="รายการ" page={data.page} pages={pages} onPage={(page) => update({ page: String(page) })} />
    </PageFrame>
  );
}
