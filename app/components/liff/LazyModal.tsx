import type { ModalProps } from "@mantine/core";
import { lazy, Suspense, useState } from "react";

// Mantine's Modal brings its ScrollArea (and with it floating-ui) and the scroll lock: about 27 kB
// compressed, for a dialog the page may never open. Fetched the first time a dialog opens, not
// with the page (docs/decisions/038-employee-page-bytes.md).
const Modal = lazy(() => import("~mantine-core/components/Modal/Modal").then((m) => ({ default: m.Modal })));

/** Mantine's Modal, loaded when it first opens; afterwards it stays, so it can animate out. */
export function LazyModal(props: ModalProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used && !props.opened) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
