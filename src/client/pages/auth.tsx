export function AuthPage() {
  return (
    <main className="mx-auto max-w-md p-8">
      <h1 className="text-2xl font-bold">Get Started</h1>
    </main>
  );
}
