/** A problem the staff member must see: announced at once by screen readers. Renders nothing without text. */
export default function Alert({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="staff__alert" role="alert">
      {text}
    </p>
  );
}
