import { formatThaiDate, formatThaiDateTime, formatThaiMonth } from "~/lib/thai-date";
import { WEEKDAY_SHORT } from "~/models/attendance/codes";
import { PAY_BASIS_LABELS } from "~/models/employees/labels";
import { closeStateText, HOLIDAY_OVERTIME_RATE, HOLIDAY_WORK_RATE, OVERTIME_RATE } from "~/models/payroll/labels";
import type { Timesheet } from "~/models/payroll/timesheet.server";

// The printable timesheet itself: plain elements styled by app/styles/timesheet.css, which lays
// it out on A4 when printed (the browser's print-to-PDF is the PDF).

const hours = (minutes: number) => (minutes > 0 ? (minutes / 60).toFixed(2) : "");
const minutes = (n: number) => (n > 0 ? String(n) : "");

function Signature({ role, name }: { role: string; name?: string }) {
  return (
    <div className="timesheet-signature">
      <div>ลงชื่อ ........................................................ {role}</div>
      <div>( {name ?? "........................................................"} )</div>
      <div>วันที่ ........ / ........ / ............</div>
    </div>
  );
}

export function TimesheetSheet({ data }: { data: Timesheet }) {
  const { employee } = data;
  const rate = HOLIDAY_WORK_RATE[employee.pay_basis];
  return (
    <article className="timesheet" aria-label={`ใบลงเวลาทำงาน ${employee.full_name} เดือน${formatThaiMonth(data.month)}`}>
      <header className="timesheet-head">
        <h2>ใบลงเวลาทำงาน ประจำเดือน{formatThaiMonth(data.month)}</h2>
        <dl>
          <div>
            <dt>พนักงาน</dt>
            <dd>
              {employee.full_name} ({employee.code})
            </dd>
          </div>
          {employee.position || employee.department ? (
            <div>
              <dt>ตำแหน่ง/แผนก</dt>
              <dd>{[employee.position, employee.department].filter(Boolean).join(" · ")}</dd>
            </div>
          ) : null}
          <div>
            <dt>การจ่ายค่าจ้าง</dt>
            <dd>{PAY_BASIS_LABELS[employee.pay_basis]}</dd>
          </div>
          <div>
            <dt>ช่วงวันที่</dt>
            <dd>
              {formatThaiDate(data.first)} – {formatThaiDate(data.last)}
            </dd>
          </div>
          <div>
            <dt>งวด</dt>
            <dd>{closeStateText(data.close, (iso) => formatThaiDateTime(iso))}</dd>
          </div>
        </dl>
      </header>

      <div className="timesheet-scroll" tabIndex={0} role="region" aria-label="ตารางลงเวลารายวัน">
        <table className="timesheet-days">
          <thead>
            <tr>
              <th>วันที่</th>
              <th>วัน</th>
              <th>เวลาทำงาน</th>
              <th>เข้า</th>
              <th>ออก</th>
              <th>สถานะ</th>
              <th>สาย (นาที)</th>
              <th>ออกก่อน (นาที)</th>
              <th>ทำงาน (ชม.)</th>
              <th>ล่วงเวลา {OVERTIME_RATE} เท่า (ชม.)</th>
              <th>ทำงานวันหยุด {rate} เท่า (ชม.)</th>
              <th>ล่วงเวลาวันหยุด {HOLIDAY_OVERTIME_RATE} เท่า (ชม.)</th>
              <th>หมายเหตุ</th>
            </tr>
          </thead>
          <tbody>
            {data.days.map((d) => (
              <tr key={d.date} data-off={d.status === "holiday" || d.status === "day_off" || undefined}>
                <td className="timesheet-nowrap">{formatThaiDate(d.date)}</td>
                <td>{WEEKDAY_SHORT[d.weekday - 1]}</td>
                <td className="timesheet-nowrap">{d.schedule ?? ""}</td>
                <td>{d.checkin}</td>
                <td className="timesheet-nowrap">{d.checkout}</td>
                <td className="timesheet-nowrap">{d.status_label}</td>
                <td className="timesheet-number">{minutes(d.late_minutes)}</td>
                <td className="timesheet-number">{minutes(d.early_minutes)}</td>
                <td className="timesheet-number">{hours(d.worked_minutes)}</td>
                <td className="timesheet-number">{hours(d.overtime_minutes)}</td>
                <td className="timesheet-number">{hours(d.holiday_work_minutes)}</td>
                <td className="timesheet-number">{hours(d.holiday_overtime_minutes)}</td>
                <td className="timesheet-reason">{d.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="timesheet-totals" aria-label="สรุปทั้งเดือน">
        <h3>สรุปทั้งเดือน</h3>
        {data.total_cells.length === 0 ? (
          <p>ไม่มีข้อมูลการลงเวลาในเดือนนี้</p>
        ) : (
          <dl data-testid="timesheet-totals">
            {data.total_cells.map((c) => (
              <div key={c.label}>
                <dt>{c.label}</dt>
                <dd>{c.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <footer className="timesheet-signatures">
        <Signature role="พนักงาน" name={employee.full_name} />
        <Signature role="ผู้อนุมัติ" />
      </footer>
    </article>
  );
}
