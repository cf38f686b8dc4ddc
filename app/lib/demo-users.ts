/** LINE users the LIFF mock can play in demo mode (no LIFF_ID). Their ids cannot be real LINE ids. */
export const DEMO_USERS = [
  { userId: "Udemo0001", displayName: "ผู้ใช้ทดลอง 1" },
  { userId: "Udemo0002", displayName: "ผู้ใช้ทดลอง 2" },
  { userId: "Udemo0003", displayName: "ผู้ใช้ทดลอง 3" },
  { userId: "Udemo0004", displayName: "ผู้ใช้ทดลอง 4" },
  { userId: "Udemo0005", displayName: "ผู้ใช้ทดลอง 5" },
] as const;

export const DEMO_TOKEN_PREFIX = "demo:";
export const DEMO_USER_ID = /^Udemo[0-9A-Za-z]{1,27}$/;
