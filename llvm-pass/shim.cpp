// The C++ half of libwavebudget_pass.so. It only registers the `amdgpu-occupancy-budget` module pass
// with LLVM's new pass manager, registers the `-wavebudget-*` command-line options from the Rust side's
// table of settings (llvm-pass/src/config.rs, `SETTINGS`), and forwards to
// the Rust side (llvm-pass/src/ffi.rs). All decisions are made in Rust. The Rust side also calls
// back into the two diagnostic helpers at the bottom, because LLVM's C API has no equivalent of
// `LLVMContext::diagnose` with a DiagnosticInfoGeneric or an OptimizationRemarkAnalysis.
//
// Built by ../build.rs with the flags `llvm-config --cxxflags` prints (RTTI as LLVM was built), for
// LLVM 15, 19 or 22: what differs between those majors is in the `#if LLVM_VERSION_MAJOR` blocks.

#include "llvm-c/Core.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Utils/Cloning.h"
#if LLVM_VERSION_MAJOR >= 19
#include "llvm/TargetParser/Triple.h"
#else
#include "llvm/ADT/Triple.h"
#endif

#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace llvm;

extern "C" {
// Implemented in Rust (llvm-pass/src/ffi.rs). Strings are (pointer, length), not NUL-terminated.
// Returns a config handle, or null and sets *err (free with wb_rust_free_string).
// from_pipeline: 1 for `-passes=` text (errors fail the parse), 0 for the clang extension point (errors
// are reported when the pass runs on a module with kernels).
void *wb_rust_configure(const char *params, size_t params_len, int from_pipeline, const char *cl,
                        size_t cl_len, char **err);
// Prints the pipeline parameters of a config (without the pass name). Free with wb_rust_free_string.
char *wb_rust_print_params(const void *cfg);
// Runs the pass on a module. Returns 1 if the IR changed. `compiles_for` (length 0: none) is the pipeline's
// AMDGPU target machine's processor and features, NUL between them (`compilesFor`).
int wb_rust_run(const void *cfg, LLVMModuleRef module, const char *compiles_for, size_t compiles_for_len);
void wb_rust_free_config(void *cfg);
// At exit: `skipped` of `pipelines` never took the pass, with the -wavebudget-* options `cl` given ("":
// none) and this process's NUL-separated arguments `args`. The warning line to print, or an empty
// string. Free with wb_rust_free_string.
char *wb_rust_pipelines_without_pass(const char *cl, size_t cl_len, const char *args, size_t args_len,
                                     unsigned skipped, unsigned pipelines);
void wb_rust_free_string(char *s);
// The settings, declared once on the Rust side: for each, its option name, its help, its value's
// placeholder and "1" for a flag (no value) or "0", each NUL-terminated; *len is the whole length.
// Static: never freed.
const char *wb_rust_settings(size_t *len);
}

namespace {

const char PassName[] = "amdgpu-occupancy-budget";

cl::OptionCategory Category("wavebudget options (amdgpu-occupancy-budget)");
// One -wavebudget-KEY option per setting of the Rust side's table, registered when the plugin is loaded
// (before the command line is parsed), as string options: the Rust side parses every value, so a bad one
// is its one-line refusal naming the option, never LLVM's exit. A flag takes an optional boolean
// (`-wavebudget-exact`, `-wavebudget-exact=false`).
struct SettingOption {
  std::string Key, Name, Help, Value;
  bool Flag;
  std::unique_ptr<cl::opt<std::string>> Opt;
};

// A second copy of the plugin (the same library loaded from another path: opt -load-pass-plugin twice, or
// clang given two -fpass-plugin) would register every -wavebudget-* option again, which LLVM answers by
// ending the process ("Option 'wavebudget-waves' registered more than once!"). The first copy to load
// registers the options and the pass; a later one finds its options there and registers nothing.
bool secondCopy() {
  static const bool Second = cl::getRegisteredOptions().count("wavebudget-waves") > 0;
  return Second;
}

std::vector<SettingOption> &settingOptions() {
  static std::vector<SettingOption> Options = [] {
    std::vector<SettingOption> V;
    if (secondCopy())
      return V;
    size_t Len = 0;
    const char *P = wb_rust_settings(&Len);
    const char *End = P + Len;
    while (P < End) {
      SettingOption O;
      O.Name = P;
      P += O.Name.size() + 1;
      O.Help = P;
      P += O.Help.size() + 1;
      O.Value = P;
      P += O.Value.size() + 1;
      O.Flag = P[0] == '1';
      P += 2;
      O.Key = O.Name.substr(sizeof("wavebudget-") - 1);
      V.push_back(std::move(O));
    }
    // The names and helps are in place now; each option refers to its own.
    for (SettingOption &O : V)
      O.Opt = std::make_unique<cl::opt<std::string>>(
          StringRef(O.Name), cl::desc(StringRef(O.Help)), cl::value_desc(StringRef(O.Value)), cl::cat(Category),
          O.Flag ? cl::ValueOptional : cl::ValueRequired);
    return V;
  }();
  return Options;
}

// Registered at load.
const bool SettingsRegistered = (settingOptions(), true);

// The -wavebudget-* options that were given, in the pipeline-parameter syntax.
std::string commandLineParams() {
  std::string S;
  for (const SettingOption &O : settingOptions()) {
    if (!O.Opt->getNumOccurrences())
      continue;
    if (!S.empty())
      S += ';';
    S += O.Key;
    if (!O.Flag || !O.Opt->getValue().empty()) {
      // A value's own ';' (a path may hold one) is passed as U+001F, so it cannot start another
      // setting; the Rust side reads it back as ';'.
      std::string V = O.Opt->getValue();
      for (char &C : V)
        if (C == ';')
          C = '\x1f';
      S += "=" + V;
    }
  }
  return S;
}

struct RustString {
  char *P;
  explicit RustString(char *P) : P(P) {}
  ~RustString() { wb_rust_free_string(P); }
  StringRef str() const { return P ? StringRef(P) : StringRef(); }
};

// PassBuilder keeps the target machine it was built with private, without an accessor (LLVM 15 to 22). An
// explicit instantiation may name a private member ([temp.spec.general]/6), so this reads it without
// depending on the class's layout.
struct PassBuilderTM {
  using type = TargetMachine *PassBuilder::*;
  friend type memberOf(PassBuilderTM);
};
template <typename Tag, typename Tag::type Member> struct ReadPrivate {
  friend typename Tag::type memberOf(Tag) { return Member; }
};
template struct ReadPrivate<PassBuilderTM, &PassBuilder::TM>;

// The pipeline's AMDGPU target machine's processor and features, NUL between them: what LLVM compiles the
// functions without "target-cpu" (and "target-features") for where this process generates code (clang's
// -mcpu/--offload-arch and -mwavefrontsize64, lld's -plugin-opt=mcpu=; LLVM's default, "generic-hsa" or
// "generic", where none was given). Empty where the pipeline has no AMDGPU target machine. Whether the
// process generates code at all (not opt, not clang -emit-llvm) is the Rust side's to decide.
std::string compilesFor(PassBuilder &PB) {
  TargetMachine *TM = PB.*memberOf(PassBuilderTM());
  if (!TM || !TM->getTargetTriple().isAMDGCN())
    return std::string();
  std::string Out = TM->getTargetCPU().str();
  Out.push_back('\0');
  Out += TM->getTargetFeatureString().str();
  return Out;
}

class OccupancyBudgetPass : public PassInfoMixin<OccupancyBudgetPass> {
  std::shared_ptr<void> Config;
  // What `compilesFor` found for the pipeline this instance is in.
  std::string CompilesFor;
  // For the instance added at an extension point: whether the same pipeline also names the pass, in which
  // case the named instance speaks for it and this one does nothing (null for a named instance).
  std::shared_ptr<std::atomic<bool>> PipelineNamesPass;

public:
  OccupancyBudgetPass(void *Cfg, std::string CompilesFor, std::shared_ptr<std::atomic<bool>> Named = nullptr)
      : Config(Cfg, wb_rust_free_config), CompilesFor(std::move(CompilesFor)), PipelineNamesPass(std::move(Named)) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (PipelineNamesPass && PipelineNamesPass->load())
      return PreservedAnalyses::all();
    if (!wb_rust_run(Config.get(), wrap(&M), CompilesFor.data(), CompilesFor.size()))
      return PreservedAnalyses::all();
    // Only function attributes changed: the CFG and everything computed from the instructions stand.
    PreservedAnalyses PA;
    PA.preserveSet<CFGAnalyses>();
    PA.preserveSet<AllAnalysesOn<Function>>();
    return PA;
  }

  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    RustString P(wb_rust_print_params(Config.get()));
    OS << PassName;
    if (!P.str().empty())
      OS << '<' << P.str() << '>';
  }

  static StringRef name() { return "AMDGPUOccupancyBudgetPass"; }
  // Runs at -O0 and on optnone kernels too: setting an attribute is not an optimization.
  static bool isRequired() { return true; }
};

// Builds a config; on a bad parameter prints one error line naming it and returns null.
void *configure(StringRef Params, bool FromPipeline) {
  std::string CL = commandLineParams();
  char *Err = nullptr;
  void *Cfg = wb_rust_configure(Params.data(), Params.size(), FromPipeline, CL.data(), CL.size(), &Err);
  if (!Cfg) {
    RustString E(Err);
    errs() << "error: " << PassName << ": " << E.str() << "\n";
  }
  return Cfg;
}

// Pipelines set up with the plugin registered (one per clang compile job, one per opt run), and how many
// took the pass. clang-22 runs none for HIP's --offload-arch=amdgcnspirv (-disable-llvm-passes): no
// extension point is reached and the pass is never called, so nothing else would say that the
// -wavebudget-* options did nothing there. Counted here, said at exit (below). Watching each pass the
// pipeline runs instead (LLVM's pass instrumentation) would see the module, but costs about 0.6% of
// opt -O2's instructions, more than the pass itself.
std::atomic<unsigned> PipelinesRegistered{0};
std::atomic<unsigned> PipelinesWithPass{0};

// This process's own arguments (/proc/self/cmdline, NUL-separated; at most 1 MiB read), or "" where
// they cannot be read.
std::string ownArguments() {
  std::string Out;
  if (FILE *F = std::fopen("/proc/self/cmdline", "rb")) {
    char Buf[4096];
    size_t N;
    while (Out.size() < (1u << 20) && (N = std::fread(Buf, 1, sizeof Buf, F)) > 0)
      Out.append(Buf, N);
    std::fclose(F);
  }
  return Out;
}

// At exit, with some pipeline that never took the pass: the Rust side says so where a request was given
// (-wavebudget-* options, or WAVEBUDGET_* in the environment) and this process's arguments show an AMD
// SPIR-V compile (clang -cc1 -triple spirv64-amd-*, or a driver given an amdgcnspirv offload arch), and
// nothing otherwise (clang -save-temps writes its first bitcode with -disable-llvm-passes and runs the
// pass in the step that optimizes it). Written to stderr: LLVM's streams and contexts may be gone by
// then. Declared after the options, so destroyed before them.
struct SayWhenNeverTaken {
  ~SayWhenNeverTaken() {
    if (secondCopy())
      return;
    unsigned Registered = PipelinesRegistered.load(), WithPass = PipelinesWithPass.load();
    if (Registered <= WithPass)
      return;
    std::string CL = commandLineParams();
    std::string Args = ownArguments();
    RustString Msg(wb_rust_pipelines_without_pass(CL.data(), CL.size(), Args.data(), Args.size(),
                                                  Registered - WithPass, Registered));
    if (!Msg.str().empty()) {
      std::fwrite(Msg.str().data(), 1, Msg.str().size(), stderr);
      std::fputc('\n', stderr);
    }
  }
} SayAtExit;

void registerCallbacks(PassBuilder &PB) {
  if (secondCopy())
    return;
  PipelinesRegistered++;
  // This pipeline took the pass (counted once, however often it takes it).
  auto Took = std::make_shared<std::atomic<bool>>(false);
  auto Take = [Took] {
    if (!Took->exchange(true))
      PipelinesWithPass++;
  };
  // This pipeline's text names the pass: an instance an extension point adds to it then stays quiet.
  auto NamesPass = std::make_shared<std::atomic<bool>>(false);
  std::string Compiles = compilesFor(PB);
  PB.registerPipelineParsingCallback(
      [Take, NamesPass, Compiles](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        // PassBuilder::checkParametrizedPassName, which LLVM 15 lacks: the name, or name<params>.
        StringRef Base(PassName);
        bool Named = Name == Base || (Name.size() > Base.size() + 1 && Name.substr(0, Base.size()) == Base &&
                                      Name[Base.size()] == '<' && Name.back() == '>');
        if (!Named)
          return false;
        Take();
        StringRef Params = Name.drop_front(strlen(PassName));
        if (!Params.empty())
          Params = Params.drop_front().drop_back(); // strip '<' and '>'
        void *Cfg = configure(Params, true);
        if (!Cfg)
          return false;
        NamesPass->store(true);
        MPM.addPass(OccupancyBudgetPass(Cfg, Compiles));
        return true;
      });
  // clang -fpass-plugin: run last in the optimization pipeline, at every -O level. The options come
  // from -mllvm -wavebudget-* and WAVEBUDGET_* (read by the Rust side); with no request anywhere the
  // pass only acts on kernels carrying "wavebudget-waves".
  auto AtEnd = [Take, NamesPass, Compiles](ModulePassManager &MPM) {
    Take();
    if (void *Cfg = configure(StringRef(), false))
      MPM.addPass(OccupancyBudgetPass(Cfg, Compiles, NamesPass));
  };
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [AtEnd](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) { AtEnd(MPM); });
#else
  PB.registerOptimizerLastEPCallback([AtEnd](ModulePassManager &MPM, OptimizationLevel) { AtEnd(MPM); });
#endif
  // The full-LTO link (`lto<ON>`: what a HIP -fgpu-rdc device link, ld.lld --load-pass-plugin, runs) has
  // no optimizer-last point; the pass runs at its end instead, on the linked module. A kernel an earlier
  // run set (pre-link) is known by its .wavebudget.info line and planned again with what it now calls.
  PB.registerFullLinkTimeOptimizationLastEPCallback([AtEnd](ModulePassManager &MPM, OptimizationLevel) { AtEnd(MPM); });
}

} // namespace

extern "C" {

// Fills the plugin info for the Rust-defined `llvmGetPassPluginInfo`. Returns sizeof the struct so the
// Rust mirror can check it matches.
size_t wb_fill_plugin_info(PassPluginLibraryInfo *Info) {
  Info->APIVersion = LLVM_PLUGIN_API_VERSION;
  Info->PluginName = "wavebudget";
  Info->PluginVersion = WAVEBUDGET_VERSION;
  Info->RegisterPassBuilderCallbacks = registerCallbacks;
#if LLVM_VERSION_MAJOR >= 22
  Info->PreCodeGenCallback = nullptr;
#endif
  return sizeof(PassPluginLibraryInfo);
}

#if LLVM_VERSION_MAJOR < 19
// LLVMGetInlineAsmConstraintString, which the C API gained in 19.
const char *wb_inline_asm_constraints(LLVMValueRef V, size_t *Len) {
  StringRef S = cast<InlineAsm>(unwrap(V))->getConstraintString();
  *Len = S.size();
  return S.data();
}
#endif

// The LLVM major the shim was compiled against.
unsigned wb_llvm_major() { return LLVM_VERSION_MAJOR; }

#if LLVM_VERSION_MAJOR < 22
namespace {
struct PluginDiagnostic : DiagnosticInfo {
  StringRef Msg;
  PluginDiagnostic(StringRef Msg, DiagnosticSeverity S) : DiagnosticInfo(kind(), S), Msg(Msg) {}
  static int kind() {
    static const int K = getNextAvailablePluginDiagnosticKind();
    return K;
  }
  void print(DiagnosticPrinter &DP) const override { DP << Msg; }
};
} // namespace
#endif

// Severity: 0 error, 1 warning, 2 remark, 3 note.
void wb_diagnose(LLVMContextRef Ctx, int Severity, const char *Msg, size_t Len) {
  DiagnosticSeverity S = Severity == 0   ? DS_Error
                         : Severity == 1 ? DS_Warning
                         : Severity == 2 ? DS_Remark
                                         : DS_Note;
#if LLVM_VERSION_MAJOR >= 22
  unwrap(Ctx)->diagnose(DiagnosticInfoGeneric(Twine(StringRef(Msg, Len)), S));
#else
  // No DiagnosticInfoGeneric before 20: a plugin-kind diagnostic of our own, which opt prints as
  // "warning: ..." and clang as [-Wbackend-plugin], as it does DiagnosticInfoGeneric.
  unwrap(Ctx)->diagnose(PluginDiagnostic(StringRef(Msg, Len), S));
#endif
}

// An analysis remark named amdgpu-occupancy-budget: text pieces interleaved with named arguments, so
// -pass-remarks-output YAML carries each number under its own key. Keys[i] == null means Vals[i] is text.
void wb_remark(LLVMValueRef Fn, const char *RemarkName, const char *const *Keys, const char *const *Vals,
               size_t N) {
  Function *F = unwrap<Function>(Fn);
  OptimizationRemarkAnalysis R(PassName, RemarkName, F);
  if (!R.isEnabled() && !F->getContext().getLLVMRemarkStreamer())
    return;
  for (size_t I = 0; I < N; ++I) {
    if (Keys[I])
      R << DiagnosticInfoOptimizationBase::Argument(StringRef(Keys[I]), StringRef(Vals[I]));
    else
      R << StringRef(Vals[I]);
  }
  F->getContext().diagnose(R);
}

// A diagnostic handler for the contexts the sweep compiles in: every diagnostic goes to `Cb` as
// (severity, text, is kernel-resource-usage remark), and kernel-resource-usage analysis remarks are
// enabled on this context only (no global -pass-remarks-analysis, so it also works inside opt/clang).
namespace {
struct SweepHandler : DiagnosticHandler {
  void (*Cb)(void *, int, const char *, size_t, int);
  void *Data;
  SweepHandler(void (*Cb)(void *, int, const char *, size_t, int), void *Data) : Cb(Cb), Data(Data) {}
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    std::string S;
    int IsUsage = 0;
    if (auto *R = dyn_cast<DiagnosticInfoOptimizationBase>(&DI)) {
      S = R->getMsg();
      IsUsage = StringRef(R->getPassName()) == "kernel-resource-usage";
    } else {
      raw_string_ostream OS(S);
      DiagnosticPrinterRawOStream DP(OS);
      DI.print(DP);
    }
    int Sev = DI.getSeverity() == DS_Error     ? 0
              : DI.getSeverity() == DS_Warning ? 1
              : DI.getSeverity() == DS_Remark  ? 2
                                               : 3;
    Cb(Data, Sev, S.data(), S.size(), IsUsage);
    return true;
  }
  bool isAnalysisRemarkEnabled(StringRef PassName) const override {
    return PassName == "kernel-resource-usage";
  }
  // The machine remark emitter asks this first; the default reads the global -pass-remarks* options.
  bool isAnyRemarkEnabled() const override { return true; }
};
} // namespace

void wb_set_sweep_handler(LLVMContextRef Ctx, void (*Cb)(void *, int, const char *, size_t, int),
                          void *Data) {
  unwrap(Ctx)->setDiagnosticHandler(std::make_unique<SweepHandler>(Cb, Data));
}

// Does the running LLVM know this processor for amdgcn? 1 yes, 0 no, -1 no AMDGPU target registered.
// The only authority for "will LLVM compile for it": a processor LLVM does not know is compiled for
// its generic CPU with a warning on stderr, and instruction selection may then abort the process.
int wb_processor_known(const char *Cpu, size_t Len) {
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget("amdgcn-amd-amdhsa", Err);
  if (!T)
    return -1;
  std::unique_ptr<MCSubtargetInfo> STI(T->createMCSubtargetInfo("amdgcn-amd-amdhsa", "", ""));
  return STI && STI->isCPUStringValid(StringRef(Cpu, Len)) ? 1 : 0;
}

// Is an analysis remark of this pass wanted (printed or streamed)? Lets Rust skip building text.
int wb_remarks_wanted(LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  OptimizationRemarkAnalysis R(PassName, "Budget", F);
  return R.isEnabled() || F->getContext().getLLVMRemarkStreamer() != nullptr;
}

} // extern "C"

// ---- Facts asked of LLVM itself (llvm-pass/src/llvm_facts.rs) ----
//
// The AMDGPU target machine this process's LLVM builds (one per process, made on first use), the subtarget
// it builds for a processor and feature string (what llc builds for a function with those attributes), and
// its module-LDS lowering run on a clone of a module. Each is LLVM's own code reached through public
// virtual interfaces (TargetMachine::getSubtargetImpl, the PassBuilder the target registers its passes
// with): nothing of the AMDGPU backend's private headers is named here.

extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
}

namespace {
std::mutex FactsMutex;

const char AmdTriple[] = "amdgcn-amd-amdhsa";

// The process's AMDGPU target machine, or null where this LLVM has no AMDGPU target. Caller holds
// FactsMutex.
TargetMachine *amdgpuTargetMachine() {
  static TargetMachine *TM = [] () -> TargetMachine * {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    std::string Err;
#if LLVM_VERSION_MAJOR >= 22
    Triple TT(AmdTriple);
    const Target *T = TargetRegistry::lookupTarget(TT, Err);
    if (!T)
      return nullptr;
    return T->createTargetMachine(TT, "", "", TargetOptions(), Reloc::PIC_);
#else
    const Target *T = TargetRegistry::lookupTarget(AmdTriple, Err);
    if (!T)
      return nullptr;
    return T->createTargetMachine(AmdTriple, "", "", TargetOptions(), Reloc::PIC_);
#endif
  }();
  return TM;
}

// A scratch module for the functions whose subtarget is asked for (each made and erased per question).
Module &scratchModule() {
  static LLVMContext *Ctx = new LLVMContext();
  static Module *M = new Module("wavebudget.subtarget", *Ctx);
  return *M;
}
} // namespace

extern "C" {

// The subtarget LLVM builds for a function with "target-cpu"=Cpu and "target-features"=Fs (what llc
// builds for it: the last setting of a feature wins, implied features follow): for each of the NameCount
// NUL-terminated feature names in Names, whether it has that feature on (bit I of *On). Returns 1, or 0
// where this LLVM has no AMDGPU target or does not know Cpu (never built: an unknown processor would be
// compiled for the generic one).
int wb_subtarget_features(const char *Cpu, size_t CpuLen, const char *Fs, size_t FsLen, const char *Names,
                          unsigned NameCount, uint64_t *On) {
  std::lock_guard<std::mutex> Lock(FactsMutex);
  TargetMachine *TM = amdgpuTargetMachine();
  if (!TM)
    return 0;
  StringRef CpuName(Cpu, CpuLen);
  const MCSubtargetInfo *Generic = TM->getMCSubtargetInfo();
  if (!Generic->isCPUStringValid(CpuName))
    return 0;
  // The string as given: LLVM reads it whole (GCNSubtarget matches "+wavefrontsize" in any case before it
  // applies the features it knows, and warns of the others, as llc does).
  std::string Kept(Fs, FsLen);
  Module &M = scratchModule();
  Function *Fn = Function::Create(FunctionType::get(Type::getVoidTy(M.getContext()), false),
                                  GlobalValue::ExternalLinkage, "wavebudget.subtarget", M);
  Fn->addFnAttr("target-cpu", CpuName);
  if (!Kept.empty())
    Fn->addFnAttr("target-features", Kept);
  const TargetSubtargetInfo *STI = TM->getSubtargetImpl(*Fn);
  *On = 0;
  const char *P = Names;
  for (unsigned I = 0; I < NameCount && I < 64; ++I) {
    std::string Name(P);
    P += Name.size() + 1;
    if (STI->checkFeatures("+" + Name))
      *On |= uint64_t(1) << I;
  }
  Fn->eraseFromParent();
  return 1;
}

// LLVM's module-LDS lowering ("amdgpu-lower-module-lds", what llc runs before instruction selection) on a
// clone of M laid out with the target's data layout (as llc lays out every module): calls Cb with each
// defined amdgpu_kernel's name, the "amdgpu-lds-size" the lowering leaves on it (Has 0: none, no LDS) and
// the largest alignment of the dynamic LDS its code names, in module order. Returns 1; 0 where this LLVM has no AMDGPU target or the pass cannot be built; 2 where
// the module mixes LDS variables with and without absolute addresses, and 3 where
// -amdgpu-lower-module-lds-strategy was given (the lowering would stop the process on some modules: not
// run, nothing reported).
int wb_lowered_lds(LLVMModuleRef MRef,
                   void (*Cb)(void *, const char *, size_t, const char *, size_t, int, uint64_t), void *Data) {
  std::lock_guard<std::mutex> Lock(FactsMutex);
  // A strategy given on the command line (`kernel`, say) stops the process on modules the default
  // handles ("cannot lower LDS ... reachable from multiple kernels"): not run then.
  auto &Options = cl::getRegisteredOptions();
  auto Strategy = Options.find("amdgpu-lower-module-lds-strategy");
  if (Strategy != Options.end() && Strategy->second->getNumOccurrences() > 0)
    return 3;
  Module &Orig = *unwrap(MRef);
  // LDS variables with absolute addresses (a module lowered before) beside others stop the lowering
  // ("module cannot mix absolute and non-absolute LDS GVs"); only absolute ones: it has nothing to do.
  bool Absolute = false, Other = false;
  for (GlobalVariable &G : Orig.globals())
    if (G.getAddressSpace() == 3)
      (G.isAbsoluteSymbolRef() ? Absolute : Other) = true;
  if (Absolute && Other)
    return 2;
  TargetMachine *TM = amdgpuTargetMachine();
  if (!TM)
    return 0;
  std::unique_ptr<Module> M = CloneModule(Orig);
  // An unnamed kernel that uses LDS stops the lowering ("anonymous kernels cannot use LDS variables"); in
  // the clone each gets a name (the Rust side says llc will stop there).
  unsigned Anonymous = 0;
  for (Function &F : *M)
    if (!F.hasName() && F.getCallingConv() == CallingConv::AMDGPU_KERNEL)
      F.setName("__wavebudget_unnamed_kernel." + std::to_string(Anonymous++));
  M->setDataLayout(TM->createDataLayout());
#if LLVM_VERSION_MAJOR >= 22
  M->setTargetTriple(Triple(AmdTriple));
#else
  M->setTargetTriple(AmdTriple);
#endif
  PassBuilder PB(TM);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  if (Error E = PB.parsePassPipeline(MPM, "amdgpu-lower-module-lds")) {
    consumeError(std::move(E));
    return 0;
  }
  if (!Absolute)
    MPM.run(*M, MAM);
  const DataLayout &DL = M->getDataLayout();
  for (Function &F : *M) {
    if (F.isDeclaration() || F.getCallingConv() != CallingConv::AMDGPU_KERNEL)
      continue;
    Attribute A = F.getFnAttribute("amdgpu-lds-size");
    StringRef V = A.isStringAttribute() ? A.getValueAsString() : StringRef();
    // Dynamic LDS the kernel's own code still names after the lowering: instruction selection pads the
    // static size to its alignment (AMDGPUMachineFunction::setDynLDSAlign), which no pass before it
    // writes. The largest such alignment is passed beside the attribute (1: none).
    uint64_t DynAlign = 1;
    SmallPtrSet<const Value *, 16> Seen;
    SmallVector<const Value *, 16> Stack;
    for (Instruction &I : instructions(F))
      for (const Value *Op : I.operands())
        if (isa<Constant>(Op))
          Stack.push_back(Op);
    while (!Stack.empty()) {
      const Value *C = Stack.pop_back_val();
      if (!Seen.insert(C).second)
        continue;
      if (auto *G = dyn_cast<GlobalVariable>(C)) {
        if (G->getAddressSpace() == 3 && DL.getTypeAllocSize(G->getValueType()).isZero())
          DynAlign = std::max<uint64_t>(DynAlign, DL.getValueOrABITypeAlignment(G->getAlign(), G->getValueType()).value());
        continue;
      }
      if (isa<GlobalValue>(C))
        continue;
      if (auto *U = dyn_cast<User>(C))
        for (const Value *Op : U->operands())
          if (isa<Constant>(Op))
            Stack.push_back(Op);
    }
    Cb(Data, F.getName().data(), F.getName().size(), V.data(), V.size(), A.isStringAttribute() ? 1 : 0, DynAlign);
  }
  return 1;
}

} // extern "C"
