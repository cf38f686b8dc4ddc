import { useCallback, useRef, useState } from "react";
import { empFetch } from "~/components/liff/emp-api";
import type { LeaveYear } from "./leave-types";

export type LeaveYears = {
  /** The year's petitions and balances, null until loaded. */
  get: (year: number) => LeaveYear | null;
  error: (year: number) => string | null;
  /** Loads the year unless it is loaded or loading. */
  ensure: (year: number) => void;
  /** Loads the year again (after a petition or a cancellation). */
  reload: (year: number) => Promise<void>;
};

/** The employee's leave by year, from the loader's year and GET /api/emp/leave/history?year=. */
export function useLeaveYears(initial: LeaveYear): LeaveYears {
  const [years, setYears] = useState<Record<number, LeaveYear>>({ [initial.year]: initial });
  const [errors, setErrors] = useState<Record<number, string>>({});
  const asked = useRef(new Set<number>([initial.year]));

  const reload = useCallback(async (year: number) => {
    asked.current.add(year);
    const answer = await empFetch<LeaveYear>(`/api/emp/leave/history?year=${year}`);
    if (answer.ok) {
      setYears((all) => ({ ...all, [year]: answer.data }));
      setErrors(({ [year]: _gone, ...rest }) => rest);
    } else {
      setErrors((all) => ({ ...all, [year]: answer.error }));
    }
  }, []);

  const ensure = useCallback(
    (year: number) => {
      if (!asked.current.has(year)) void reload(year);
    },
    [reload],
  );

  return {
    get: (year) => years[year] ?? null,
    error: (year) => errors[year] ?? null,
    ensure,
    reload,
  };
}
