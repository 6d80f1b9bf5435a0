// Renders its children only in the browser, after hydration, for widgets that need a real DOM to draw.
import { useEffect, useState, type ReactNode } from "react";

export function ClientOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  // The first client render must match the server's HTML, so the switch happens in an effect.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{mounted ? children() : fallback}</>;
}
