import { Box } from "~mantine-core/core/Box/Box";
import { Card } from "~mantine-core/components/Card/Card";
import { Group } from "~mantine-core/components/Group/Group";
import { SimpleGrid } from "~mantine-core/components/SimpleGrid/SimpleGrid";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";

/** Below Mantine's `sm` breakpoint (48em), as MachineTable's `hiddenFrom="sm"`: a list shows cards. */
export const PHONE_QUERY = "(max-width: 47.99em)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** What the server was told of the browser (app/lib/layout-hint.ts), for its first render. */
export const PhoneHint = createContext<boolean | null>(null);

/**
 * Whether the screen is phone-sized, following it as the window turns or resizes. On the server
 * and while hydrating its HTML the width is unknown: the answer is then the browser's own hint
 * (PhoneHint), or null when it gave none; the media query's answer from then on.
 */
export function usePhoneLayout(): boolean | null {
  const hint = useContext(PhoneHint);
  return useSyncExternalStore<boolean | null>(subscribe, () => window.matchMedia(PHONE_QUERY).matches, () => hint);
}

/**
 * A list as a table on wider screens and as cards on a phone. Before the page knows the width (the
 * server's HTML, the first render) the layout the browser hinted at is there, or both when it gave
 * no hint, CSS showing the right one; afterwards only the one in use is rendered, so each row's
 * controls exist once. (A desktop browser in a phone-narrow window shows its list once the page runs.)
 */
export function ResponsiveList({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  const phone = usePhoneLayout();
  return (
    <>
      {phone !== true ? <Box visibleFrom="sm">{table}</Box> : null}
      {phone !== false ? <Box hiddenFrom="sm">{cards}</Box> : null}
    </>
  );
}

export function PhoneCardList({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap="sm" role="list" aria-label={label} data-testid={testId}>
      {children}
    </Stack>
  );
}

export type PhoneCardField = { label: string; value: ReactNode };

/**
 * One row as a card: the name first (with what identifies it under it), the row's actions at the
 * top right where a thumb finds them, then the other columns as labelled fields.
 */
export function PhoneCard({
  title,
  subtitle,
  leading,
  actions,
  fields = [],
  footer,
  testId,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  /** A photo or avatar before the name. */
  leading?: ReactNode;
  actions?: ReactNode;
  fields?: PhoneCardField[];
  /** Controls that need a whole line (approve/reject buttons). */
  footer?: ReactNode;
  testId?: string;
  /** Anything else, under the fields. */
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="sm" role="listitem" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
          {leading}
          <div style={{ minWidth: 0, overflowWrap: "anywhere" }}>
            <Text fw={600} fz="sm" data-card-title>
              {title}
            </Text>
            {subtitle}
          </div>
        </Group>
        {actions ? (
          <Group gap={4} wrap="nowrap" data-card-actions>
            {actions}
          </Group>
        ) : null}
      </Group>
      {fields.length > 0 ? (
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt="xs">
          {fields.map((field) => (
            <div key={field.label} style={{ minWidth: 0, overflowWrap: "anywhere" }} data-card-field>
              <Text fz="xs" c="dimmed">
                {field.label}
              </Text>
              <Box fz="sm">{field.value}</Box>
            </div>
          ))}
        </SimpleGrid>
      ) : null}
      {children}
      {footer ? (
        <Group mt="xs" gap="xs" data-card-actions>
          {footer}
        </Group>
      ) : null}
    </Card>
  );
}
