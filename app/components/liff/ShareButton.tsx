import { Button } from "~mantine-core/components/Button/Button";
import { Text } from "~mantine-core/components/Text/Text";
import { IconShare } from "@tabler/icons-react";
import { useContext, useEffect, useState } from "react";
import { LiffConfigContext } from "./chat-confirm";
import { canShare, shareToChat, type ShareMessages } from "./share";

/**
 * "แชร์ให้ทีม": offered only where LINE can open its share target picker. A closed picker is no
 * error; a failure says so in Thai, and the employee may try again.
 */
export function ShareButton({ messages, label = "แชร์ให้ทีม" }: { messages: () => ShareMessages; label?: string }) {
  const config = useContext(LiffConfigContext);
  const [available, setAvailable] = useState(false);
  const [state, setState] = useState<"idle" | "busy" | "shared" | "failed">("idle");
  useEffect(() => {
    let live = true;
    if (config) void canShare(config).then((yes) => live && setAvailable(yes));
    return () => {
      live = false;
    };
  }, [config]);
  if (!config || !available) return null;
  const share = async () => {
    setState("busy");
    try {
      setState((await shareToChat(config, messages())) === "shared" ? "shared" : "idle");
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      <Button variant="light" leftSection={<IconShare size={16} />} loading={state === "busy"} onClick={share}>
        {label}
      </Button>
      {state === "shared" ? (
        <Text fz="sm" c="green.8" role="status">
          แชร์แล้ว
        </Text>
      ) : null}
      {state === "failed" ? (
        <Text fz="sm" c="red.8" role="alert">
          แชร์ไม่สำเร็จ กรุณาลองอีกครั้ง
        </Text>
      ) : null}
    </>
  );
}
