import { Combobox, InputBase, useCombobox } from "@mantine/core";
import { useState } from "react";

const tidy = (v: string) => v.replace(/\s+/g, " ").trim();
const sameName = (a: string, b: string) => tidy(a).toLocaleLowerCase("th") === tidy(b).toLocaleLowerCase("th");

/**
 * A department or position: picked from the names already in use, or added with "เพิ่มใหม่ …".
 * Typed text that only differs from a listed name in case or spaces becomes that name; other
 * typed text is kept only when "เพิ่มใหม่" is chosen. Posts the value in a hidden `name` field.
 */
export function ChoiceInput({
  name,
  label,
  choices,
  defaultValue = "",
  maxLength,
  error,
  onPick,
}: {
  name: string;
  label: string;
  choices: string[];
  defaultValue?: string;
  maxLength: number;
  error?: string;
  onPick?: () => void;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState(defaultValue);
  const [search, setSearch] = useState(defaultValue);
  const typed = tidy(search);
  const known = choices.find((c) => sameName(c, typed));
  const shown = known || !typed ? choices : choices.filter((c) => c.toLocaleLowerCase("th").includes(typed.toLocaleLowerCase("th")));

  const pick = (next: string) => {
    setValue(next);
    setSearch(next);
    onPick?.();
  };

  return (
    <>
      <Combobox
        store={combobox}
        zIndex={1200}
        onOptionSubmit={(option) => {
          pick(option === "$new" ? typed : option);
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target>
          <InputBase
            label={label}
            value={search}
            maxLength={maxLength}
            error={error}
            placeholder="เลือก หรือพิมพ์เพื่อค้นหา/เพิ่มใหม่"
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            onChange={(event) => {
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
              setSearch(event.currentTarget.value);
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => {
              combobox.closeDropdown();
              if (!typed) pick("");
              else if (known) pick(known);
              else setSearch(value);
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options mah={240} style={{ overflowY: "auto" }}>
            {shown.map((c) => (
              <Combobox.Option value={c} key={c} active={c === value}>
                {c}
              </Combobox.Option>
            ))}
            {typed && !known ? <Combobox.Option value="$new">+ เพิ่มใหม่ “{typed}”</Combobox.Option> : null}
            {!typed && shown.length === 0 ? <Combobox.Empty>ยังไม่มีรายการ พิมพ์เพื่อเพิ่มใหม่</Combobox.Empty> : null}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <input type="hidden" name={name} value={value} />
    </>
  );
}
