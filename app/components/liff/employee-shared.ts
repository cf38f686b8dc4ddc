// The `handle` of every employee route (docs/decisions/038-employee-page-bytes.md). The browser
// build (esbuild) puts a file into a chunk by the set of routes that reach it, so the code the
// employee pages share was cut into one small chunk per combination of pages using it: 41 files
// for a first load of /employee/checkin-out, most too small to be compressed. Every employee
// route exports this object as its `handle`, and it names one export of each module two or more
// employee pages load: every employee route then reaches those modules alike, and they land in
// one chunk, cached for the next page. A bare `import "./x"` would not do it: package.json
// declares the app free of side effects, so such an import is dropped.
// employee-shared.test.ts fails when a module two employee pages load is missing here.
import { Badge } from "~mantine-core/components/Badge/Badge";
import { Input } from "~mantine-core/components/Input/Input";
import { List } from "~mantine-core/components/List/List";
import { Tabs } from "~mantine-core/components/Tabs/Tabs";
import { Textarea } from "~mantine-core/components/Textarea/Textarea";
import { TextInput } from "~mantine-core/components/TextInput/TextInput";
import { ThemeIcon } from "~mantine-core/components/ThemeIcon/ThemeIcon";
import IconBuildingStore from "@tabler/icons-react/dist/esm/icons/IconBuildingStore.mjs";
import IconCurrentLocation from "@tabler/icons-react/dist/esm/icons/IconCurrentLocation.mjs";
import IconLogin from "@tabler/icons-react/dist/esm/icons/IconLogin.mjs";
import IconLogout from "@tabler/icons-react/dist/esm/icons/IconLogout.mjs";
import IconMapPin from "@tabler/icons-react/dist/esm/icons/IconMapPin.mjs";
import IconSend from "@tabler/icons-react/dist/esm/icons/IconSend.mjs";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { TimeField } from "~/components/TimeField";
import { DateField } from "~/components/liff/leave/DateField";
import { LeaveBalanceSummary } from "~/components/liff/leave/LeaveBalances";
import { classifyGeofence } from "~/lib/geo";
import { thumbUrl } from "~/lib/uploads-shared";
import { CancelRequestModal } from "./CancelRequestModal";
import { useChatConfirm } from "./chat-confirm";
import { CHECKIN_MESSAGES } from "./checkin-messages";
import { DayTime } from "./DayTime";
import { empFetch } from "./emp-api";
import { LazyModal } from "./LazyModal";
import { DemoBanner } from "./LiffGate";
import { LiffLayout } from "./LiffLayout";
import { FACE_REGISTERED_MESSAGE } from "./messages";
import { PhotoPicker } from "./PhotoPicker";
import { PlainSelect } from "./PlainSelect";
import { presenceHint } from "./presence";
import { SelfieCapture } from "./SelfieCapture";
import { ShareButton } from "./ShareButton";
import { usePosition } from "./use-position";

export const employeeRouteHandle = {
  /** Referenced here, used by the pages themselves: see above. */
  shared: [
    Badge,
    Input,
    List,
    Tabs,
    Textarea,
    TextInput,
    ThemeIcon,
    IconBuildingStore,
    IconCurrentLocation,
    IconLogin,
    IconLogout,
    IconMapPin,
    IconSend,
    GeneralErrorBoundary,
    TimeField,
    DateField,
    CancelRequestModal,
    LeaveBalanceSummary,
    classifyGeofence,
    thumbUrl,
    useChatConfirm,
    CHECKIN_MESSAGES,
    DayTime,
    empFetch,
    LazyModal,
    DemoBanner,
    LiffLayout,
    FACE_REGISTERED_MESSAGE,
    PhotoPicker,
    PlainSelect,
    presenceHint,
    SelfieCapture,
    ShareButton,
    usePosition,
  ],
} as const;
