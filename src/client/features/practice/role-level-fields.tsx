import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { levels, roles, type RoleId } from "@/shared/roles";

type Level = (typeof levels)[number];

const levelLabels: Record<Level, string> = {
  entry: "Entry level",
  mid: "Mid level",
  senior: "Senior",
};

/** The job a session's questions are for; `id` prefixes the control's id. */
export function RoleField({
  id,
  role,
  onChange,
}: {
  id: string;
  role: RoleId;
  onChange: (role: RoleId) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-role`}>Role</Label>
      <NativeSelect
        id={`${id}-role`}
        value={role}
        onChange={(event) => onChange(event.target.value as RoleId)}
      >
        {roles.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The seniority the questions suit. */
export function LevelField({
  id,
  level,
  onChange,
}: {
  id: string;
  level: Level;
  onChange: (level: Level) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-level`}>Level</Label>
      <NativeSelect
        id={`${id}-level`}
        value={level}
        onChange={(event) => onChange(event.target.value as Level)}
      >
        {levels.map((option) => (
          <option key={option} value={option}>
            {levelLabels[option]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
