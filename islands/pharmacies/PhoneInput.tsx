import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import * as m from "../../src/generated/i18n";
import { Field } from "../lib/Field";
import { isPhoneCharacter, PHONE_MAX_LENGTH, phoneCharacters } from "./phone";

type Props = { value: string; onChange: (value: string) => void; error?: string; disabled?: boolean };

/**
 * 'Phone Number': a telephone input that takes '+', digits, spaces, '-', '.', '(' and ')'. Other keys
 * are refused as they are pressed, pasted text keeps those characters, and anything else that gets
 * in (autofill, drag and drop) is cleaned on change.
 */
export function PhoneInput({ value, onChange, error, disabled }: Props) {
  // Field does not take a ref; its wrapper leads to the input.
  const wrapper = useRef<HTMLDivElement>(null);
  const input = () => wrapper.current?.querySelector("input") ?? null;
  const caret = useRef<number | null>(null);

  // React's onBeforeInput is not the native event (no inputType); listen to the real one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once: the input element lives as long as the component.
  useEffect(() => {
    const element = input();
    if (!element) return;
    const onBeforeInput = (event: InputEvent) => {
      if (event.data && phoneCharacters(event.data) !== event.data) event.preventDefault();
    };
    element.addEventListener("beforeinput", onBeforeInput);
    return () => element.removeEventListener("beforeinput", onBeforeInput);
  }, []);

  // Puts the caret after pasted digits once React has written the new value.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the value changes, which is the point.
  useEffect(() => {
    if (caret.current !== null) input()?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (printable && !isPhoneCharacter(event.key)) event.preventDefault();
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    const room = PHONE_MAX_LENGTH - (value.length - (end - start));
    // 'Tel: +44 20 7183 8750' → '+44 20 7183 8750': the number's own characters, spaces single.
    const pasted = phoneCharacters(event.clipboardData.getData("text")).replace(/\s+/g, " ").trim().slice(0, Math.max(0, room));
    caret.current = start + pasted.length;
    onChange(value.slice(0, start) + pasted + value.slice(end));
  }

  return (
    <div ref={wrapper}>
      <Field
        label={m.pharmacies_phone()}
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={m.pharmacies_phone_placeholder()}
        dir="ltr"
        maxLength={PHONE_MAX_LENGTH}
        value={value}
        onChange={(e) => onChange(phoneCharacters(e.target.value).slice(0, PHONE_MAX_LENGTH))}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        error={error}
        disabled={disabled}
      />
    </div>
  );
}
