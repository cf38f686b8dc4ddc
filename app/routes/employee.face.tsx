import { Anchor, Stack, Text, Title } from "@mantine/core";
import type { MetaFunction } from "@remix-run/node";
import { Link, useNavigate } from "@remix-run/react";
import { FaceRegistration } from "~/components/liff/FaceRegistration";

export const meta: MetaFunction = () => [{ title: "ลงทะเบียนใบหน้า · TN Management" }];

export default function FacePage() {
  const navigate = useNavigate();
  return (
    <Stack>
      <div>
        <Title order={2}>ลงทะเบียนใบหน้า</Title>
        <Text c="dimmed">
          ใช้ยืนยันตัวตนเมื่อลงเวลาเข้า-ออกงาน ถ่ายหน้าตรง เห็นใบหน้าชัด ไม่สวมแว่นกันแดดหรือหน้ากาก
        </Text>
      </div>
      <FaceRegistration onRegistered={() => navigate("/employee?face=registered")} />
      <Anchor component={Link} to="/employee" ta="center" c="dimmed">
        ข้ามไปก่อน
      </Anchor>
    </Stack>
  );
}
