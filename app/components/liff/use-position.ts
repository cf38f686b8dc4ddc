// The phone's position for the LIFF pages that need one (check-in, cabinet visits).
import { useCallback, useEffect, useRef, useState } from "react";
import { GEO_MESSAGES } from "./checkin-messages";

const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0, timeout: 20_000 };
/**
 * While the page stays open the position is asked again quietly, so a check-in sent after a slow
 * selfie still carries a position well inside the server's 60 s freshness rule.
 */
export const REFRESH_MS = 20_000;

export type Fix = { lat: number; lng: number; accuracy: number; at: number };
export type PositionState = { status: "locating" } | { status: "ready"; fix: Fix } | { status: "error"; message: string };

function geoError(error: GeolocationPositionError) {
  if (error.code === error.PERMISSION_DENIED) return GEO_MESSAGES.denied;
  if (error.code === error.TIMEOUT) return GEO_MESSAGES.timeout;
  return GEO_MESSAGES.unavailable;
}

/** One fresh, high-accuracy position per call; `locate()` asks again, and every REFRESH_MS quietly. */
export function usePosition(enabled: boolean) {
  const [state, setState] = useState<PositionState>({ status: "locating" });
  const asked = useRef(0);
  const locate = useCallback(() => {
    const call = ++asked.current;
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      setState({ status: "error", message: GEO_MESSAGES.unsupported });
      return;
    }
    setState({ status: "locating" });
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (call !== asked.current) return;
        setState({
          status: "ready",
          fix: { lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy, at: p.timestamp },
        });
      },
      (e) => {
        if (call === asked.current) setState({ status: "error", message: geoError(e) });
      },
      POSITION_OPTIONS,
    );
  }, []);
  useEffect(() => {
    if (!enabled) return;
    locate();
    const timer = setInterval(() => {
      const call = asked.current;
      // A quiet refresh keeps what is shown until a newer fix arrives, and a failure changes nothing.
      navigator.geolocation?.getCurrentPosition(
        (p) => {
          if (call !== asked.current) return;
          setState((current) =>
            current.status === "ready"
              ? { status: "ready", fix: { lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy, at: p.timestamp } }
              : current,
          );
        },
        () => undefined,
        POSITION_OPTIONS,
      );
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [enabled, locate]);
  return { state, locate };
}
