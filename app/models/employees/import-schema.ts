// What the import dialog and the API share: the modes, the limits and the report's shape.

/** preview: check every row, write nothing · all_or_nothing: write every row or none · valid_only: write the good rows. */
export const IMPORT_MODES = ["preview", "all_or_nothing", "valid_only"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

export const IMPORT_MESSAGES = {
  tooLarge: "ไฟล์มีขนาดใหญ่เกิน 5 MB",
  tooManyRows: `ไฟล์มีข้อมูลเกิน ${MAX_IMPORT_ROWS.toLocaleString("en-US")} แถว กรุณาแบ่งเป็นหลายไฟล์`,
  missing: "กรุณาแนบไฟล์ CSV",
  empty: "ไฟล์ไม่มีข้อมูลพนักงาน",
  notUtf8: "ไฟล์ต้องเป็น CSV แบบ UTF-8 (ใน Excel เลือกบันทึกเป็น “CSV UTF-8”)",
  unreadable: "อ่านไฟล์ CSV ไม่ได้",
  badMode: "โหมดการนำเข้า (mode) ต้องเป็น preview, all_or_nothing หรือ valid_only",
  rejected: "มีข้อมูลไม่ถูกต้อง จึงยังไม่ได้นำเข้าพนักงาน",
  nothingValid: "ไม่มีแถวที่นำเข้าได้",
} as const;

/** One row that cannot be imported: its spreadsheet row number (the header is row 1) and Thai messages by field. */
export type ImportProblem = { row: number; code: string; name: string; fields: Record<string, string> };

export type ImportReport = {
  mode: ImportMode;
  /** Data rows read from the file. */
  total: number;
  valid: number;
  invalid: number;
  /** Employees written (0 for a preview, or when all_or_nothing met a bad row). */
  created: number;
  problems: ImportProblem[];
};
