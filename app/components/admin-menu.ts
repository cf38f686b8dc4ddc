import {
  IconAlarm,
  IconBuildingStore,
  IconDatabaseExport,
  IconHistory,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
  IconCalendarEvent,
  IconCalendarTime,
  IconClockHour4,
  IconClockPlus,
  IconMessageChatbot,
  IconReportMoney,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";

export const ADMIN_MENU = [
  { to: "/admin/employee", label: "พนักงาน", icon: IconUsers },
  { to: "/admin/leave-work", label: "การลางาน", icon: IconCalendarEvent },
  { to: "/admin/overtime", label: "ทำงานล่วงเวลา", icon: IconClockPlus },
  { to: "/admin/checkin-out", label: "ลงเวลาเข้า-ออก", icon: IconClockHour4 },
  { to: "/admin/schedule", label: "ตารางเวลาทำงาน", icon: IconCalendarTime },
  { to: "/admin/payroll", label: "งวดเงินเดือน", icon: IconReportMoney },
  { to: "/admin/vending-machine", label: "ตู้จำหน่ายสินค้า", icon: IconBuildingStore },
  { to: "/admin/line-reply", label: "ข้อความตอบกลับ", icon: IconMessageChatbot },
  { to: "/admin/line-group", label: "กลุ่มไลน์", icon: IconUsersGroup },
] as const;

export const SETTINGS_PATH = "/admin/settings";

/**
 * The settings page's cards. `download`: a file (the database backup), fetched as a document
 * rather than a client-side navigation.
 */
export const SETTINGS_LINKS = [
  { to: "/admin/account", label: "บัญชีผู้ใช้", description: "เปลี่ยนรหัสผ่านของผู้ดูแลระบบ", icon: IconUserCircle, download: false },
  { to: "/admin/users", label: "ผู้ดูแลระบบ", description: "เพิ่ม ปิดใช้งาน หรือตั้งรหัสผ่านใหม่ให้ผู้ดูแลระบบคนอื่น", icon: IconShieldLock, download: false },
  {
    to: "/admin/backup",
    label: "สำรองข้อมูล",
    description: "ดาวน์โหลดสำเนาฐานข้อมูลทั้งหมด (รวมรูปภาพ) เป็นไฟล์เดียว",
    icon: IconDatabaseExport,
    download: true,
  },
  { to: "/admin/line-reply", label: "ข้อความตอบกลับ LINE", description: "ตั้งคำสำคัญและข้อความที่ตอบกลับอัตโนมัติ", icon: IconMessageChatbot, download: false },
  { to: "/admin/line-group", label: "กลุ่มไลน์", description: "กลุ่ม LINE ที่รับการแจ้งเตือน", icon: IconUsersGroup, download: false },
  { to: "/admin/audit", label: "ประวัติการแก้ไข", description: "ใครแก้ไขอะไร เมื่อไร พร้อมค่าก่อนและหลัง ส่งออก CSV ได้", icon: IconHistory, download: false },
  { to: "/admin/jobs", label: "งานอัตโนมัติ", description: "เวลาแจ้งเตือน สรุปประจำวัน และผลการทำงานล่าสุด", icon: IconAlarm, download: false },
] as const;

/** The avatar menu's entries above ออกจากระบบ. */
export const USER_MENU = [
  { to: "/admin/account", label: "บัญชีผู้ใช้", icon: IconUserCircle, download: false },
  { to: SETTINGS_PATH, label: "ตั้งค่า", icon: IconSettings, download: false },
  { to: "/admin/backup", label: "สำรองข้อมูล", icon: IconDatabaseExport, download: true },
] as const;

/** An entry is active when the current path starts with its route (spec §2). */
export function isMenuActive(pathname: string, to: string) {
  return pathname.startsWith(to);
}
