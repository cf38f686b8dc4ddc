import {
  IconBuildingStore,
  IconCalendarEvent,
  IconClockHour4,
  IconMessageChatbot,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";

export const ADMIN_MENU = [
  { to: "/admin/employee", label: "พนักงาน", icon: IconUsers },
  { to: "/admin/leave-work", label: "การลางาน", icon: IconCalendarEvent },
  { to: "/admin/checkin-out", label: "ลงเวลาเข้า-ออก", icon: IconClockHour4 },
  { to: "/admin/vending-machine", label: "ตู้จำหน่ายสินค้า", icon: IconBuildingStore },
  { to: "/admin/line-reply", label: "ข้อความตอบกลับ", icon: IconMessageChatbot },
  { to: "/admin/line-group", label: "กลุ่มไลน์", icon: IconUsersGroup },
] as const;

/** An entry is active when the current path starts with its route (spec §2). */
export function isMenuActive(pathname: string, to: string) {
  return pathname.startsWith(to);
}
