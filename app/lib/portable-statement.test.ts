import { and, eq, sql } from "drizzle-orm";
import { attendance } from "../../db/schema";
import { db } from "./db.server";
import { portableStatement, statementValues } from "./portable-statement";

describe("portableStatement", () => {
  it("keeps values and names placeholders, and survives a structured clone", () => {
    const query = db()
      .select({ id: attendance.id })
      .from(attendance)
      .where(and(eq(attendance.workDate, sql.placeholder("day")), eq(attendance.employeeId, 7)));
    const statement = structuredClone(portableStatement(query));
    expect(statement.sql).toBe(query.toSQL().sql);
    expect(statementValues(statement.params, { day: "2026-11-03" })).toEqual(["2026-11-03", 7]);
  });

  it("refuses to run with a placeholder left unfilled", () => {
    const statement = portableStatement(db().select({ id: attendance.id }).from(attendance).where(eq(attendance.workDate, sql.placeholder("day"))));
    expect(() => statementValues(statement.params, {})).toThrow('no value for the placeholder "day"');
  });
});
