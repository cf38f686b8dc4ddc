import { EMPLOYEE_MAX_LENGTH, EmployeeCreateSchema } from "./schema";

const valid = {
  code: "E001",
  title: 1,
  first_name: "สมชาย",
  last_name: "ใจดี",
  nickname: "",
  phone: "",
  email: "",
  position: "",
  department: "",
  address: "",
  zipcode: "",
};

describe("EMPLOYEE_MAX_LENGTH", () => {
  const sample: Record<keyof typeof EMPLOYEE_MAX_LENGTH, (n: number) => string> = {
    code: (n) => "E".repeat(n),
    name_prefix: (n) => "ก".repeat(n),
    first_name: (n) => "ก".repeat(n),
    last_name: (n) => "ก".repeat(n),
    nickname: (n) => "ก".repeat(n),
    phone: (n) => "0".repeat(n),
    email: (n) => `${"a".repeat(n - 8)}@x.co.th`,
    position: (n) => "ก".repeat(n),
    department: (n) => "ก".repeat(n),
    address: (n) => "ก".repeat(n),
  };

  test.each(Object.entries(EMPLOYEE_MAX_LENGTH))("%s: the schema takes %i characters and refuses one more", (field, max) => {
    const make = sample[field as keyof typeof EMPLOYEE_MAX_LENGTH];
    expect(EmployeeCreateSchema.safeParse({ ...valid, [field]: make(max) }).success).toBe(true);
    const over = EmployeeCreateSchema.safeParse({ ...valid, [field]: make(max + 1) });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.path).toEqual([field]);
  });
});
