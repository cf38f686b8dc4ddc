import { Alert, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { AddressFields } from "~/components/AddressFields";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { ChoiceInput } from "./ChoiceInput";
import { OfficeNamesField } from "./OfficeNamesField";
import { TITLE_LABELS } from "~/lib/enums";
import { PAY_BASIS_LABELS } from "~/models/employees/labels";
import { EMPLOYEE_MAX_LENGTH, PAY_BASIS_VALUES } from "~/models/employees/schema";
import type { EmployeeDto } from "~/models/employees/employee.server";

const TITLE_OPTIONS = Object.entries(TITLE_LABELS).map(([value, label]) => ({ value, label }));
const PAY_BASIS_OPTIONS = PAY_BASIS_VALUES.map((value) => ({ value, label: PAY_BASIS_LABELS[value] }));

/** Create (no employee) or edit one; posts to the page action through the given fetcher. */
export function EmployeeFormModal({
  opened,
  onClose,
  employee,
  fetcher,
  choices = { departments: [], positions: [] },
  offices = [],
  action,
}: {
  opened: boolean;
  onClose: () => void;
  employee: EmployeeDto | null;
  fetcher: DialogFetcher;
  /** The departments and positions already in use, offered before a new one is typed. */
  choices?: { departments: string[]; positions: string[] };
  /** The offices in the settings, which an employee may be limited to. */
  offices?: readonly string[];
  /** The page action to post to, when the dialog is used on another page (the profile posts to the list's). */
  action?: string;
}) {
  const { fields, error, busy, formProps, clearField } = useDialogForm(fetcher);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={employee ? `แก้ไขข้อมูล ${employee.full_name}` : "เพิ่มพนักงาน"}
      size="lg"
    >
      <fetcher.Form method="post" action={action} key={employee?.id ?? "new"} noValidate {...formProps}>
        <input type="hidden" name="intent" value={employee ? "update" : "create"} />
        {employee ? <input type="hidden" name="id" value={employee.id} /> : null}
        <Stack gap="sm">
          {error ? <Alert color="red">{error}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput name="code" maxLength={EMPLOYEE_MAX_LENGTH.code} label="รหัสพนักงาน" required defaultValue={employee?.code} error={fields.code} />
            <Select
              name="title"
              label="คำนำหน้า"
              required
              data={TITLE_OPTIONS}
              defaultValue={String(employee?.title ?? 1)}
              allowDeselect={false}
              error={fields.title}
              comboboxProps={{ zIndex: 1200 }}
            />
            <TextInput
              name="name_prefix"
              maxLength={EMPLOYEE_MAX_LENGTH.name_prefix}
              label="คำนำหน้าอื่น (ถ้ามี)"
              description="เช่น ดร., ว่าที่ ร.ต. จะแสดงหน้าชื่อแทน นาย/นาง/นางสาว"
              defaultValue={employee?.name_prefix}
              error={fields.name_prefix}
            />
            <TextInput name="first_name" maxLength={EMPLOYEE_MAX_LENGTH.first_name} label="ชื่อ" required defaultValue={employee?.first_name} error={fields.first_name} />
            <TextInput name="last_name" maxLength={EMPLOYEE_MAX_LENGTH.last_name} label="นามสกุล" required defaultValue={employee?.last_name} error={fields.last_name} />
            <TextInput name="nickname" maxLength={EMPLOYEE_MAX_LENGTH.nickname} label="ชื่อเล่น" defaultValue={employee?.nickname} error={fields.nickname} />
            <TextInput name="phone" maxLength={EMPLOYEE_MAX_LENGTH.phone} label="เบอร์โทรศัพท์" inputMode="tel" defaultValue={employee?.phone} error={fields.phone} />
            <TextInput name="email" maxLength={EMPLOYEE_MAX_LENGTH.email} label="อีเมล" type="email" defaultValue={employee?.email} error={fields.email} />
            <ThaiDateInput name="start_date" label="วันเริ่มงาน" defaultValue={employee?.start_date ?? undefined} error={fields.start_date} />
            <ChoiceInput
              name="position"
              label="ตำแหน่ง"
              choices={choices.positions}
              maxLength={EMPLOYEE_MAX_LENGTH.position}
              defaultValue={employee?.position}
              error={fields.position}
              onPick={() => clearField("position")}
            />
            <ChoiceInput
              name="department"
              label="แผนก"
              choices={choices.departments}
              maxLength={EMPLOYEE_MAX_LENGTH.department}
              defaultValue={employee?.department}
              error={fields.department}
              onPick={() => clearField("department")}
            />
            <Select
              name="pay_basis"
              label="การจ่ายค่าจ้าง"
              description="ใช้คิดค่าทำงานในวันหยุด (รายเดือน 1 เท่า รายวัน 2 เท่า)"
              data={PAY_BASIS_OPTIONS}
              defaultValue={employee?.pay_basis ?? "monthly"}
              allowDeselect={false}
              error={fields.pay_basis}
              comboboxProps={{ zIndex: 1200 }}
            />
          </SimpleGrid>
          <OfficeNamesField
            key={employee?.id ?? "new"}
            offices={offices}
            defaultValue={employee?.office_names ?? null}
            error={fields.office_names}
            onChange={() => clearField("office_names")}
          />
          <Textarea name="address" maxLength={EMPLOYEE_MAX_LENGTH.address} label="ที่อยู่ (บ้านเลขที่ ถนน ซอย)" autosize minRows={2} defaultValue={employee?.address} error={fields.address} />
          <AddressFields
            defaultValue={
              employee
                ? {
                    province_id: employee.province_id,
                    amphur_id: employee.amphur_id,
                    district_id: employee.district_id,
                    zipcode: employee.zipcode,
                  }
                : undefined
            }
            errors={fields}
          />
          <DialogButtons busy={busy} onClose={onClose} submit="บันทึก" />
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}
