import { Button } from "~mantine-core/components/Button/Button";
import { Text } from "~mantine-core/components/Text/Text";
import IconShare from "@tabler/icons-react/dist/esm/icons/IconShare.mjs";
import { useContext, useEffect, useState } from "react";
import { LiffConfigContext } from "./chat-confirm";
import { liffStarted } from "./liff-client";
import { canShare, shareToChat, type ShareMessages } from "./share";

/**
 * "แชร์ให้ทีม": not offered where LINE cannot open its share target picker. A closed picker is no
 * error; a failure says so in Thai, and the employee may try again. Where this page load has not
 * started the LIFF SDK (a signed-in employee's pages need it for nothing else), the SDK is fetched
 * and asked on the tap, not for showing the button (ADR 038).
 */
export function ShareButton({ messages, label = "แชร์ให้ทีม" }: { messages: () => ShareMessages; label?: string }) {
  const config = useContext(LiffConfigContext);
  // "unknown": not asked, the tap asks. With the SDK up already, hidden until it says yes.
  const [availability, setAvailability] = useState<"unknown" | "shown" | "hidden">(() =>
    config && liffStarted() ? "hidden" : "unknown",
  );
  const [state, setState] = useState<"idle" | "busy" | "shared" | "failed" | "unavailable">("idle");
  useEffect(() => {
    let live = true;
    if (config && liffStarted()) void canShare(config).then((yes) => live && yes && setAvailability("shown"));
    return () => {
      live = false;
    };
  }, [config]);
  if (!config) return null;
  if (availability === "hidden") {
    return state === "unavailable" ? (
      <Text fz="sm" c="dimmed" role="status">
        แชร์จากที่นี่ไม่ได้ กรุณาเปิดจากแอป LINE เวอร์ชันล่าสุด
      </Text>
    ) : null;
  }
  const share = async () => {
    setState("busy");
    if (availability === "unknown" && !(await canShare(config))) {
      setAvailability("hidden");
      setState("unavailable");
      return;
    }
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
