; ModuleID = '/tmp/tir/gfx1100-matmul-128x128x32-nw4.ll'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@global_smem = external addrspace(3) global [0 x i8], align 16

; Function Attrs: norecurse nounwind
define amdgpu_kernel void @matmul(ptr addrspace(1) inreg nofree readonly %0, ptr addrspace(1) inreg nofree readonly %1, ptr addrspace(1) inreg nofree writeonly %2, i32 inreg %3, i32 inreg %4, i32 inreg %5, ptr addrspace(1) inreg nofree readnone captures(none) %6, ptr addrspace(1) inreg nofree readnone captures(none) %7) local_unnamed_addr #0 {
  %9 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %10 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %9)
  %11 = and i32 %10, 96
  %12 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %13 = shl i32 %12, 7
  %14 = and i32 %9, 31
  %15 = or disjoint i32 %11, %14
  %16 = lshr exact i32 %11, 5
  %17 = and i32 %9, 15
  %18 = and i32 %10, 64
  %19 = and i32 %10, 32
  %20 = or disjoint i32 %16, %13
  %21 = or disjoint i32 %20, 4
  %22 = or disjoint i32 %20, 8
  %23 = or disjoint i32 %20, 12
  %24 = or disjoint i32 %20, 16
  %25 = or disjoint i32 %20, 20
  %26 = or disjoint i32 %20, 24
  %27 = or disjoint i32 %20, 28
  %28 = or disjoint i32 %20, 32
  %29 = or disjoint i32 %20, 36
  %30 = or disjoint i32 %20, 40
  %31 = or disjoint i32 %20, 44
  %32 = or disjoint i32 %20, 48
  %33 = or disjoint i32 %20, 52
  %34 = or disjoint i32 %20, 56
  %35 = or disjoint i32 %20, 60
  %36 = or disjoint i32 %20, 64
  %37 = or disjoint i32 %20, 68
  %38 = or disjoint i32 %20, 72
  %39 = or disjoint i32 %20, 76
  %40 = or disjoint i32 %20, 80
  %41 = or disjoint i32 %20, 84
  %42 = or disjoint i32 %20, 88
  %43 = or disjoint i32 %20, 92
  %44 = or disjoint i32 %20, 96
  %45 = or disjoint i32 %20, 100
  %46 = or disjoint i32 %20, 104
  %47 = or disjoint i32 %20, 108
  %48 = or disjoint i32 %20, 112
  %49 = or disjoint i32 %20, 116
  %50 = or disjoint i32 %20, 120
  %51 = or disjoint i32 %20, 124
  %52 = tail call i32 @llvm.amdgcn.workgroup.id.y()
  %53 = shl i32 %52, 7
  %54 = or disjoint i32 %15, %53
  %55 = mul i32 %20, %5
  %56 = mul i32 %21, %5
  %57 = mul i32 %22, %5
  %58 = mul i32 %23, %5
  %59 = mul i32 %24, %5
  %60 = mul i32 %25, %5
  %61 = mul i32 %26, %5
  %62 = mul i32 %27, %5
  %63 = mul i32 %28, %5
  %64 = mul i32 %29, %5
  %65 = mul i32 %30, %5
  %66 = mul i32 %31, %5
  %67 = mul i32 %32, %5
  %68 = mul i32 %33, %5
  %69 = mul i32 %34, %5
  %70 = mul i32 %35, %5
  %71 = mul i32 %36, %5
  %72 = mul i32 %37, %5
  %73 = mul i32 %38, %5
  %74 = mul i32 %39, %5
  %75 = mul i32 %40, %5
  %76 = mul i32 %41, %5
  %77 = mul i32 %42, %5
  %78 = mul i32 %43, %5
  %79 = mul i32 %44, %5
  %80 = mul i32 %45, %5
  %81 = mul i32 %46, %5
  %82 = mul i32 %47, %5
  %83 = mul i32 %48, %5
  %84 = mul i32 %49, %5
  %85 = mul i32 %50, %5
  %86 = mul i32 %51, %5
  %87 = sext i32 %55 to i64
  %88 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %87
  %89 = sext i32 %56 to i64
  %90 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %89
  %91 = sext i32 %57 to i64
  %92 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %91
  %93 = sext i32 %58 to i64
  %94 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %93
  %95 = sext i32 %59 to i64
  %96 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %95
  %97 = sext i32 %60 to i64
  %98 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %97
  %99 = sext i32 %61 to i64
  %100 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %99
  %101 = sext i32 %62 to i64
  %102 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %101
  %103 = sext i32 %63 to i64
  %104 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %103
  %105 = sext i32 %64 to i64
  %106 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %105
  %107 = sext i32 %65 to i64
  %108 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %107
  %109 = sext i32 %66 to i64
  %110 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %109
  %111 = sext i32 %67 to i64
  %112 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %111
  %113 = sext i32 %68 to i64
  %114 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %113
  %115 = sext i32 %69 to i64
  %116 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %115
  %117 = sext i32 %70 to i64
  %118 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %117
  %119 = sext i32 %71 to i64
  %120 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %119
  %121 = sext i32 %72 to i64
  %122 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %121
  %123 = sext i32 %73 to i64
  %124 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %123
  %125 = sext i32 %74 to i64
  %126 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %125
  %127 = sext i32 %75 to i64
  %128 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %127
  %129 = sext i32 %76 to i64
  %130 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %129
  %131 = sext i32 %77 to i64
  %132 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %131
  %133 = sext i32 %78 to i64
  %134 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %133
  %135 = sext i32 %79 to i64
  %136 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %135
  %137 = sext i32 %80 to i64
  %138 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %137
  %139 = sext i32 %81 to i64
  %140 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %139
  %141 = sext i32 %82 to i64
  %142 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %141
  %143 = sext i32 %83 to i64
  %144 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %143
  %145 = sext i32 %84 to i64
  %146 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %145
  %147 = sext i32 %85 to i64
  %148 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %147
  %149 = sext i32 %86 to i64
  %150 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %149
  %151 = zext nneg i32 %14 to i64
  %152 = getelementptr [2 x i8], ptr addrspace(1) %88, i64 %151
  %153 = getelementptr [2 x i8], ptr addrspace(1) %90, i64 %151
  %154 = getelementptr [2 x i8], ptr addrspace(1) %92, i64 %151
  %155 = getelementptr [2 x i8], ptr addrspace(1) %94, i64 %151
  %156 = getelementptr [2 x i8], ptr addrspace(1) %96, i64 %151
  %157 = getelementptr [2 x i8], ptr addrspace(1) %98, i64 %151
  %158 = getelementptr [2 x i8], ptr addrspace(1) %100, i64 %151
  %159 = getelementptr [2 x i8], ptr addrspace(1) %102, i64 %151
  %160 = getelementptr [2 x i8], ptr addrspace(1) %104, i64 %151
  %161 = getelementptr [2 x i8], ptr addrspace(1) %106, i64 %151
  %162 = getelementptr [2 x i8], ptr addrspace(1) %108, i64 %151
  %163 = getelementptr [2 x i8], ptr addrspace(1) %110, i64 %151
  %164 = getelementptr [2 x i8], ptr addrspace(1) %112, i64 %151
  %165 = getelementptr [2 x i8], ptr addrspace(1) %114, i64 %151
  %166 = getelementptr [2 x i8], ptr addrspace(1) %116, i64 %151
  %167 = getelementptr [2 x i8], ptr addrspace(1) %118, i64 %151
  %168 = getelementptr [2 x i8], ptr addrspace(1) %120, i64 %151
  %169 = getelementptr [2 x i8], ptr addrspace(1) %122, i64 %151
  %170 = getelementptr [2 x i8], ptr addrspace(1) %124, i64 %151
  %171 = getelementptr [2 x i8], ptr addrspace(1) %126, i64 %151
  %172 = getelementptr [2 x i8], ptr addrspace(1) %128, i64 %151
  %173 = getelementptr [2 x i8], ptr addrspace(1) %130, i64 %151
  %174 = getelementptr [2 x i8], ptr addrspace(1) %132, i64 %151
  %175 = getelementptr [2 x i8], ptr addrspace(1) %134, i64 %151
  %176 = getelementptr [2 x i8], ptr addrspace(1) %136, i64 %151
  %177 = getelementptr [2 x i8], ptr addrspace(1) %138, i64 %151
  %178 = getelementptr [2 x i8], ptr addrspace(1) %140, i64 %151
  %179 = getelementptr [2 x i8], ptr addrspace(1) %142, i64 %151
  %180 = getelementptr [2 x i8], ptr addrspace(1) %144, i64 %151
  %181 = getelementptr [2 x i8], ptr addrspace(1) %146, i64 %151
  %182 = getelementptr [2 x i8], ptr addrspace(1) %148, i64 %151
  %183 = getelementptr [2 x i8], ptr addrspace(1) %150, i64 %151
  %184 = icmp sgt i32 %5, 0
  br i1 %184, label %185, label %187

185:                                              ; preds = %8
  %186 = load <1 x half>, ptr addrspace(1) %152, align 2
  br label %187

187:                                              ; preds = %185, %8
  %188 = phi <1 x half> [ %186, %185 ], [ zeroinitializer, %8 ]
  br i1 %184, label %189, label %191

189:                                              ; preds = %187
  %190 = load <1 x half>, ptr addrspace(1) %153, align 2
  br label %191

191:                                              ; preds = %189, %187
  %192 = phi <1 x half> [ %190, %189 ], [ zeroinitializer, %187 ]
  br i1 %184, label %193, label %195

193:                                              ; preds = %191
  %194 = load <1 x half>, ptr addrspace(1) %154, align 2
  br label %195

195:                                              ; preds = %193, %191
  %196 = phi <1 x half> [ %194, %193 ], [ zeroinitializer, %191 ]
  br i1 %184, label %197, label %199

197:                                              ; preds = %195
  %198 = load <1 x half>, ptr addrspace(1) %155, align 2
  br label %199

199:                                              ; preds = %197, %195
  %200 = phi <1 x half> [ %198, %197 ], [ zeroinitializer, %195 ]
  br i1 %184, label %201, label %203

201:                                              ; preds = %199
  %202 = load <1 x half>, ptr addrspace(1) %156, align 2
  br label %203

203:                                              ; preds = %201, %199
  %204 = phi <1 x half> [ %202, %201 ], [ zeroinitializer, %199 ]
  br i1 %184, label %205, label %207

205:                                              ; preds = %203
  %206 = load <1 x half>, ptr addrspace(1) %157, align 2
  br label %207

207:                                              ; preds = %205, %203
  %208 = phi <1 x half> [ %206, %205 ], [ zeroinitializer, %203 ]
  br i1 %184, label %209, label %211

209:                                              ; preds = %207
  %210 = load <1 x half>, ptr addrspace(1) %158, align 2
  br label %211

211:                                              ; preds = %209, %207
  %212 = phi <1 x half> [ %210, %209 ], [ zeroinitializer, %207 ]
  br i1 %184, label %213, label %215

213:                                              ; preds = %211
  %214 = load <1 x half>, ptr addrspace(1) %159, align 2
  br label %215

215:                                              ; preds = %213, %211
  %216 = phi <1 x half> [ %214, %213 ], [ zeroinitializer, %211 ]
  br i1 %184, label %217, label %219

217:                                              ; preds = %215
  %218 = load <1 x half>, ptr addrspace(1) %160, align 2
  br label %219

219:                                              ; preds = %217, %215
  %220 = phi <1 x half> [ %218, %217 ], [ zeroinitializer, %215 ]
  br i1 %184, label %221, label %223

221:                                              ; preds = %219
  %222 = load <1 x half>, ptr addrspace(1) %161, align 2
  br label %223

223:                                              ; preds = %221, %219
  %224 = phi <1 x half> [ %222, %221 ], [ zeroinitializer, %219 ]
  br i1 %184, label %225, label %227

225:                                              ; preds = %223
  %226 = load <1 x half>, ptr addrspace(1) %162, align 2
  br label %227

227:                                              ; preds = %225, %223
  %228 = phi <1 x half> [ %226, %225 ], [ zeroinitializer, %223 ]
  br i1 %184, label %229, label %231

229:                                              ; preds = %227
  %230 = load <1 x half>, ptr addrspace(1) %163, align 2
  br label %231

231:                                              ; preds = %229, %227
  %232 = phi <1 x half> [ %230, %229 ], [ zeroinitializer, %227 ]
  br i1 %184, label %233, label %235

233:                                              ; preds = %231
  %234 = load <1 x half>, ptr addrspace(1) %164, align 2
  br label %235

235:                                              ; preds = %233, %231
  %236 = phi <1 x half> [ %234, %233 ], [ zeroinitializer, %231 ]
  br i1 %184, label %237, label %239

237:                                              ; preds = %235
  %238 = load <1 x half>, ptr addrspace(1) %165, align 2
  br label %239

239:                                              ; preds = %237, %235
  %240 = phi <1 x half> [ %238, %237 ], [ zeroinitializer, %235 ]
  br i1 %184, label %241, label %243

241:                                              ; preds = %239
  %242 = load <1 x half>, ptr addrspace(1) %166, align 2
  br label %243

243:                                              ; preds = %241, %239
  %244 = phi <1 x half> [ %242, %241 ], [ zeroinitializer, %239 ]
  br i1 %184, label %245, label %247

245:                                              ; preds = %243
  %246 = load <1 x half>, ptr addrspace(1) %167, align 2
  br label %247

247:                                              ; preds = %245, %243
  %248 = phi <1 x half> [ %246, %245 ], [ zeroinitializer, %243 ]
  br i1 %184, label %249, label %251

249:                                              ; preds = %247
  %250 = load <1 x half>, ptr addrspace(1) %168, align 2
  br label %251

251:                                              ; preds = %249, %247
  %252 = phi <1 x half> [ %250, %249 ], [ zeroinitializer, %247 ]
  br i1 %184, label %253, label %255

253:                                              ; preds = %251
  %254 = load <1 x half>, ptr addrspace(1) %169, align 2
  br label %255

255:                                              ; preds = %253, %251
  %256 = phi <1 x half> [ %254, %253 ], [ zeroinitializer, %251 ]
  br i1 %184, label %257, label %259

257:                                              ; preds = %255
  %258 = load <1 x half>, ptr addrspace(1) %170, align 2
  br label %259

259:                                              ; preds = %257, %255
  %260 = phi <1 x half> [ %258, %257 ], [ zeroinitializer, %255 ]
  br i1 %184, label %261, label %263

261:                                              ; preds = %259
  %262 = load <1 x half>, ptr addrspace(1) %171, align 2
  br label %263

263:                                              ; preds = %261, %259
  %264 = phi <1 x half> [ %262, %261 ], [ zeroinitializer, %259 ]
  br i1 %184, label %265, label %267

265:                                              ; preds = %263
  %266 = load <1 x half>, ptr addrspace(1) %172, align 2
  br label %267

267:                                              ; preds = %265, %263
  %268 = phi <1 x half> [ %266, %265 ], [ zeroinitializer, %263 ]
  br i1 %184, label %269, label %271

269:                                              ; preds = %267
  %270 = load <1 x half>, ptr addrspace(1) %173, align 2
  br label %271

271:                                              ; preds = %269, %267
  %272 = phi <1 x half> [ %270, %269 ], [ zeroinitializer, %267 ]
  br i1 %184, label %273, label %275

273:                                              ; preds = %271
  %274 = load <1 x half>, ptr addrspace(1) %174, align 2
  br label %275

275:                                              ; preds = %273, %271
  %276 = phi <1 x half> [ %274, %273 ], [ zeroinitializer, %271 ]
  br i1 %184, label %277, label %279

277:                                              ; preds = %275
  %278 = load <1 x half>, ptr addrspace(1) %175, align 2
  br label %279

279:                                              ; preds = %277, %275
  %280 = phi <1 x half> [ %278, %277 ], [ zeroinitializer, %275 ]
  br i1 %184, label %281, label %283

281:                                              ; preds = %279
  %282 = load <1 x half>, ptr addrspace(1) %176, align 2
  br label %283

283:                                              ; preds = %281, %279
  %284 = phi <1 x half> [ %282, %281 ], [ zeroinitializer, %279 ]
  br i1 %184, label %285, label %287

285:                                              ; preds = %283
  %286 = load <1 x half>, ptr addrspace(1) %177, align 2
  br label %287

287:                                              ; preds = %285, %283
  %288 = phi <1 x half> [ %286, %285 ], [ zeroinitializer, %283 ]
  br i1 %184, label %289, label %291

289:                                              ; preds = %287
  %290 = load <1 x half>, ptr addrspace(1) %178, align 2
  br label %291

291:                                              ; preds = %289, %287
  %292 = phi <1 x half> [ %290, %289 ], [ zeroinitializer, %287 ]
  br i1 %184, label %293, label %295

293:                                              ; preds = %291
  %294 = load <1 x half>, ptr addrspace(1) %179, align 2
  br label %295

295:                                              ; preds = %293, %291
  %296 = phi <1 x half> [ %294, %293 ], [ zeroinitializer, %291 ]
  br i1 %184, label %297, label %299

297:                                              ; preds = %295
  %298 = load <1 x half>, ptr addrspace(1) %180, align 2
  br label %299

299:                                              ; preds = %297, %295
  %300 = phi <1 x half> [ %298, %297 ], [ zeroinitializer, %295 ]
  br i1 %184, label %301, label %303

301:                                              ; preds = %299
  %302 = load <1 x half>, ptr addrspace(1) %181, align 2
  br label %303

303:                                              ; preds = %301, %299
  %304 = phi <1 x half> [ %302, %301 ], [ zeroinitializer, %299 ]
  br i1 %184, label %305, label %307

305:                                              ; preds = %303
  %306 = load <1 x half>, ptr addrspace(1) %182, align 2
  br label %307

307:                                              ; preds = %305, %303
  %308 = phi <1 x half> [ %306, %305 ], [ zeroinitializer, %303 ]
  br i1 %184, label %309, label %311

309:                                              ; preds = %307
  %310 = load <1 x half>, ptr addrspace(1) %183, align 2
  br label %311

311:                                              ; preds = %309, %307
  %312 = phi <1 x half> [ %310, %309 ], [ zeroinitializer, %307 ]
  %313 = shl i32 %4, 1
  %314 = mul i32 %4, 3
  %315 = shl i32 %4, 2
  %316 = mul i32 %4, 5
  %317 = mul i32 %4, 6
  %318 = mul i32 %4, 7
  %319 = shl i32 %4, 3
  %320 = mul i32 %4, 9
  %321 = mul i32 %4, 10
  %322 = mul i32 %4, 11
  %323 = mul i32 %4, 12
  %324 = mul i32 %4, 13
  %325 = mul i32 %4, 14
  %326 = mul i32 %4, 15
  %327 = shl i32 %4, 4
  %328 = mul i32 %4, 17
  %329 = mul i32 %4, 18
  %330 = mul i32 %4, 19
  %331 = mul i32 %4, 20
  %332 = mul i32 %4, 21
  %333 = mul i32 %4, 22
  %334 = mul i32 %4, 23
  %335 = mul i32 %4, 24
  %336 = mul i32 %4, 25
  %337 = mul i32 %4, 26
  %338 = mul i32 %4, 27
  %339 = mul i32 %4, 28
  %340 = mul i32 %4, 29
  %341 = mul i32 %4, 30
  %342 = mul i32 %4, 31
  %343 = sext i32 %4 to i64
  %344 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %343
  %345 = sext i32 %313 to i64
  %346 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %345
  %347 = sext i32 %314 to i64
  %348 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %347
  %349 = sext i32 %315 to i64
  %350 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %349
  %351 = sext i32 %316 to i64
  %352 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %351
  %353 = sext i32 %317 to i64
  %354 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %353
  %355 = sext i32 %318 to i64
  %356 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %355
  %357 = sext i32 %319 to i64
  %358 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %357
  %359 = sext i32 %320 to i64
  %360 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %359
  %361 = sext i32 %321 to i64
  %362 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %361
  %363 = sext i32 %322 to i64
  %364 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %363
  %365 = sext i32 %323 to i64
  %366 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %365
  %367 = sext i32 %324 to i64
  %368 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %367
  %369 = sext i32 %325 to i64
  %370 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %369
  %371 = sext i32 %326 to i64
  %372 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %371
  %373 = sext i32 %327 to i64
  %374 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %373
  %375 = sext i32 %328 to i64
  %376 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %375
  %377 = sext i32 %329 to i64
  %378 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %377
  %379 = sext i32 %330 to i64
  %380 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %379
  %381 = sext i32 %331 to i64
  %382 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %381
  %383 = sext i32 %332 to i64
  %384 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %383
  %385 = sext i32 %333 to i64
  %386 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %385
  %387 = sext i32 %334 to i64
  %388 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %387
  %389 = sext i32 %335 to i64
  %390 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %389
  %391 = sext i32 %336 to i64
  %392 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %391
  %393 = sext i32 %337 to i64
  %394 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %393
  %395 = sext i32 %338 to i64
  %396 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %395
  %397 = sext i32 %339 to i64
  %398 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %397
  %399 = sext i32 %340 to i64
  %400 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %399
  %401 = sext i32 %341 to i64
  %402 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %401
  %403 = sext i32 %342 to i64
  %404 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %403
  %405 = sext i32 %54 to i64
  %406 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %405
  %407 = getelementptr [2 x i8], ptr addrspace(1) %344, i64 %405
  %408 = getelementptr [2 x i8], ptr addrspace(1) %346, i64 %405
  %409 = getelementptr [2 x i8], ptr addrspace(1) %348, i64 %405
  %410 = getelementptr [2 x i8], ptr addrspace(1) %350, i64 %405
  %411 = getelementptr [2 x i8], ptr addrspace(1) %352, i64 %405
  %412 = getelementptr [2 x i8], ptr addrspace(1) %354, i64 %405
  %413 = getelementptr [2 x i8], ptr addrspace(1) %356, i64 %405
  %414 = getelementptr [2 x i8], ptr addrspace(1) %358, i64 %405
  %415 = getelementptr [2 x i8], ptr addrspace(1) %360, i64 %405
  %416 = getelementptr [2 x i8], ptr addrspace(1) %362, i64 %405
  %417 = getelementptr [2 x i8], ptr addrspace(1) %364, i64 %405
  %418 = getelementptr [2 x i8], ptr addrspace(1) %366, i64 %405
  %419 = getelementptr [2 x i8], ptr addrspace(1) %368, i64 %405
  %420 = getelementptr [2 x i8], ptr addrspace(1) %370, i64 %405
  %421 = getelementptr [2 x i8], ptr addrspace(1) %372, i64 %405
  %422 = getelementptr [2 x i8], ptr addrspace(1) %374, i64 %405
  %423 = getelementptr [2 x i8], ptr addrspace(1) %376, i64 %405
  %424 = getelementptr [2 x i8], ptr addrspace(1) %378, i64 %405
  %425 = getelementptr [2 x i8], ptr addrspace(1) %380, i64 %405
  %426 = getelementptr [2 x i8], ptr addrspace(1) %382, i64 %405
  %427 = getelementptr [2 x i8], ptr addrspace(1) %384, i64 %405
  %428 = getelementptr [2 x i8], ptr addrspace(1) %386, i64 %405
  %429 = getelementptr [2 x i8], ptr addrspace(1) %388, i64 %405
  %430 = getelementptr [2 x i8], ptr addrspace(1) %390, i64 %405
  %431 = getelementptr [2 x i8], ptr addrspace(1) %392, i64 %405
  %432 = getelementptr [2 x i8], ptr addrspace(1) %394, i64 %405
  %433 = getelementptr [2 x i8], ptr addrspace(1) %396, i64 %405
  %434 = getelementptr [2 x i8], ptr addrspace(1) %398, i64 %405
  %435 = getelementptr [2 x i8], ptr addrspace(1) %400, i64 %405
  %436 = getelementptr [2 x i8], ptr addrspace(1) %402, i64 %405
  %437 = getelementptr [2 x i8], ptr addrspace(1) %404, i64 %405
  br i1 %184, label %438, label %440

438:                                              ; preds = %311
  %439 = load <1 x half>, ptr addrspace(1) %406, align 2
  br label %440

440:                                              ; preds = %438, %311
  %441 = phi <1 x half> [ %439, %438 ], [ zeroinitializer, %311 ]
  %442 = extractelement <1 x half> %441, i64 0
  br i1 %184, label %443, label %445

443:                                              ; preds = %440
  %444 = load <1 x half>, ptr addrspace(1) %407, align 2
  br label %445

445:                                              ; preds = %443, %440
  %446 = phi <1 x half> [ %444, %443 ], [ zeroinitializer, %440 ]
  %447 = extractelement <1 x half> %446, i64 0
  br i1 %184, label %448, label %450

448:                                              ; preds = %445
  %449 = load <1 x half>, ptr addrspace(1) %408, align 2
  br label %450

450:                                              ; preds = %448, %445
  %451 = phi <1 x half> [ %449, %448 ], [ zeroinitializer, %445 ]
  %452 = extractelement <1 x half> %451, i64 0
  br i1 %184, label %453, label %455

453:                                              ; preds = %450
  %454 = load <1 x half>, ptr addrspace(1) %409, align 2
  br label %455

455:                                              ; preds = %453, %450
  %456 = phi <1 x half> [ %454, %453 ], [ zeroinitializer, %450 ]
  %457 = extractelement <1 x half> %456, i64 0
  br i1 %184, label %458, label %460

458:                                              ; preds = %455
  %459 = load <1 x half>, ptr addrspace(1) %410, align 2
  br label %460

460:                                              ; preds = %458, %455
  %461 = phi <1 x half> [ %459, %458 ], [ zeroinitializer, %455 ]
  %462 = extractelement <1 x half> %461, i64 0
  br i1 %184, label %463, label %465

463:                                              ; preds = %460
  %464 = load <1 x half>, ptr addrspace(1) %411, align 2
  br label %465

465:                                              ; preds = %463, %460
  %466 = phi <1 x half> [ %464, %463 ], [ zeroinitializer, %460 ]
  %467 = extractelement <1 x half> %466, i64 0
  br i1 %184, label %468, label %470

468:                                              ; preds = %465
  %469 = load <1 x half>, ptr addrspace(1) %412, align 2
  br label %470

470:                                              ; preds = %468, %465
  %471 = phi <1 x half> [ %469, %468 ], [ zeroinitializer, %465 ]
  %472 = extractelement <1 x half> %471, i64 0
  br i1 %184, label %473, label %475

473:                                              ; preds = %470
  %474 = load <1 x half>, ptr addrspace(1) %413, align 2
  br label %475

475:                                              ; preds = %473, %470
  %476 = phi <1 x half> [ %474, %473 ], [ zeroinitializer, %470 ]
  %477 = extractelement <1 x half> %476, i64 0
  br i1 %184, label %478, label %480

478:                                              ; preds = %475
  %479 = load <1 x half>, ptr addrspace(1) %414, align 2
  br label %480

480:                                              ; preds = %478, %475
  %481 = phi <1 x half> [ %479, %478 ], [ zeroinitializer, %475 ]
  %482 = extractelement <1 x half> %481, i64 0
  br i1 %184, label %483, label %485

483:                                              ; preds = %480
  %484 = load <1 x half>, ptr addrspace(1) %415, align 2
  br label %485

485:                                              ; preds = %483, %480
  %486 = phi <1 x half> [ %484, %483 ], [ zeroinitializer, %480 ]
  %487 = extractelement <1 x half> %486, i64 0
  br i1 %184, label %488, label %490

488:                                              ; preds = %485
  %489 = load <1 x half>, ptr addrspace(1) %416, align 2
  br label %490

490:                                              ; preds = %488, %485
  %491 = phi <1 x half> [ %489, %488 ], [ zeroinitializer, %485 ]
  %492 = extractelement <1 x half> %491, i64 0
  br i1 %184, label %493, label %495

493:                                              ; preds = %490
  %494 = load <1 x half>, ptr addrspace(1) %417, align 2
  br label %495

495:                                              ; preds = %493, %490
  %496 = phi <1 x half> [ %494, %493 ], [ zeroinitializer, %490 ]
  %497 = extractelement <1 x half> %496, i64 0
  br i1 %184, label %498, label %500

498:                                              ; preds = %495
  %499 = load <1 x half>, ptr addrspace(1) %418, align 2
  br label %500

500:                                              ; preds = %498, %495
  %501 = phi <1 x half> [ %499, %498 ], [ zeroinitializer, %495 ]
  %502 = extractelement <1 x half> %501, i64 0
  br i1 %184, label %503, label %505

503:                                              ; preds = %500
  %504 = load <1 x half>, ptr addrspace(1) %419, align 2
  br label %505

505:                                              ; preds = %503, %500
  %506 = phi <1 x half> [ %504, %503 ], [ zeroinitializer, %500 ]
  %507 = extractelement <1 x half> %506, i64 0
  br i1 %184, label %508, label %510

508:                                              ; preds = %505
  %509 = load <1 x half>, ptr addrspace(1) %420, align 2
  br label %510

510:                                              ; preds = %508, %505
  %511 = phi <1 x half> [ %509, %508 ], [ zeroinitializer, %505 ]
  %512 = extractelement <1 x half> %511, i64 0
  br i1 %184, label %513, label %515

513:                                              ; preds = %510
  %514 = load <1 x half>, ptr addrspace(1) %421, align 2
  br label %515

515:                                              ; preds = %513, %510
  %516 = phi <1 x half> [ %514, %513 ], [ zeroinitializer, %510 ]
  %517 = extractelement <1 x half> %516, i64 0
  br i1 %184, label %518, label %520

518:                                              ; preds = %515
  %519 = load <1 x half>, ptr addrspace(1) %422, align 2
  br label %520

520:                                              ; preds = %518, %515
  %521 = phi <1 x half> [ %519, %518 ], [ zeroinitializer, %515 ]
  %522 = extractelement <1 x half> %521, i64 0
  br i1 %184, label %523, label %525

523:                                              ; preds = %520
  %524 = load <1 x half>, ptr addrspace(1) %423, align 2
  br label %525

525:                                              ; preds = %523, %520
  %526 = phi <1 x half> [ %524, %523 ], [ zeroinitializer, %520 ]
  %527 = extractelement <1 x half> %526, i64 0
  br i1 %184, label %528, label %530

528:                                              ; preds = %525
  %529 = load <1 x half>, ptr addrspace(1) %424, align 2
  br label %530

530:                                              ; preds = %528, %525
  %531 = phi <1 x half> [ %529, %528 ], [ zeroinitializer, %525 ]
  %532 = extractelement <1 x half> %531, i64 0
  br i1 %184, label %533, label %535

533:                                              ; preds = %530
  %534 = load <1 x half>, ptr addrspace(1) %425, align 2
  br label %535

535:                                              ; preds = %533, %530
  %536 = phi <1 x half> [ %534, %533 ], [ zeroinitializer, %530 ]
  %537 = extractelement <1 x half> %536, i64 0
  br i1 %184, label %538, label %540

538:                                              ; preds = %535
  %539 = load <1 x half>, ptr addrspace(1) %426, align 2
  br label %540

540:                                              ; preds = %538, %535
  %541 = phi <1 x half> [ %539, %538 ], [ zeroinitializer, %535 ]
  %542 = extractelement <1 x half> %541, i64 0
  br i1 %184, label %543, label %545

543:                                              ; preds = %540
  %544 = load <1 x half>, ptr addrspace(1) %427, align 2
  br label %545

545:                                              ; preds = %543, %540
  %546 = phi <1 x half> [ %544, %543 ], [ zeroinitializer, %540 ]
  %547 = extractelement <1 x half> %546, i64 0
  br i1 %184, label %548, label %550

548:                                              ; preds = %545
  %549 = load <1 x half>, ptr addrspace(1) %428, align 2
  br label %550

550:                                              ; preds = %548, %545
  %551 = phi <1 x half> [ %549, %548 ], [ zeroinitializer, %545 ]
  %552 = extractelement <1 x half> %551, i64 0
  br i1 %184, label %553, label %555

553:                                              ; preds = %550
  %554 = load <1 x half>, ptr addrspace(1) %429, align 2
  br label %555

555:                                              ; preds = %553, %550
  %556 = phi <1 x half> [ %554, %553 ], [ zeroinitializer, %550 ]
  %557 = extractelement <1 x half> %556, i64 0
  br i1 %184, label %558, label %560

558:                                              ; preds = %555
  %559 = load <1 x half>, ptr addrspace(1) %430, align 2
  br label %560

560:                                              ; preds = %558, %555
  %561 = phi <1 x half> [ %559, %558 ], [ zeroinitializer, %555 ]
  %562 = extractelement <1 x half> %561, i64 0
  br i1 %184, label %563, label %565

563:                                              ; preds = %560
  %564 = load <1 x half>, ptr addrspace(1) %431, align 2
  br label %565

565:                                              ; preds = %563, %560
  %566 = phi <1 x half> [ %564, %563 ], [ zeroinitializer, %560 ]
  %567 = extractelement <1 x half> %566, i64 0
  br i1 %184, label %568, label %570

568:                                              ; preds = %565
  %569 = load <1 x half>, ptr addrspace(1) %432, align 2
  br label %570

570:                                              ; preds = %568, %565
  %571 = phi <1 x half> [ %569, %568 ], [ zeroinitializer, %565 ]
  %572 = extractelement <1 x half> %571, i64 0
  br i1 %184, label %573, label %575

573:                                              ; preds = %570
  %574 = load <1 x half>, ptr addrspace(1) %433, align 2
  br label %575

575:                                              ; preds = %573, %570
  %576 = phi <1 x half> [ %574, %573 ], [ zeroinitializer, %570 ]
  %577 = extractelement <1 x half> %576, i64 0
  br i1 %184, label %578, label %580

578:                                              ; preds = %575
  %579 = load <1 x half>, ptr addrspace(1) %434, align 2
  br label %580

580:                                              ; preds = %578, %575
  %581 = phi <1 x half> [ %579, %578 ], [ zeroinitializer, %575 ]
  %582 = extractelement <1 x half> %581, i64 0
  br i1 %184, label %583, label %585

583:                                              ; preds = %580
  %584 = load <1 x half>, ptr addrspace(1) %435, align 2
  br label %585

585:                                              ; preds = %583, %580
  %586 = phi <1 x half> [ %584, %583 ], [ zeroinitializer, %580 ]
  %587 = extractelement <1 x half> %586, i64 0
  br i1 %184, label %588, label %590

588:                                              ; preds = %585
  %589 = load <1 x half>, ptr addrspace(1) %436, align 2
  br label %590

590:                                              ; preds = %588, %585
  %591 = phi <1 x half> [ %589, %588 ], [ zeroinitializer, %585 ]
  %592 = extractelement <1 x half> %591, i64 0
  br i1 %184, label %593, label %596

593:                                              ; preds = %590
  %594 = load <1 x half>, ptr addrspace(1) %437, align 2
  %595 = shufflevector <1 x half> %594, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  br label %596

596:                                              ; preds = %593, %590
  %597 = phi <8 x half> [ %595, %593 ], [ <half 0xH0000, half undef, half undef, half undef, half undef, half undef, half undef, half undef>, %590 ]
  %598 = shl nuw nsw i32 %15, 1
  %599 = and i32 %598, 126
  %600 = icmp eq i32 %18, 0
  %601 = select i1 %600, i32 0, i32 144
  %602 = xor i32 %599, %601
  %603 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %602
  store <1 x half> %188, ptr addrspace(3) %603, align 2
  %604 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 512
  store <1 x half> %196, ptr addrspace(3) %604, align 2
  %605 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 1024
  store <1 x half> %204, ptr addrspace(3) %605, align 2
  %606 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 1536
  store <1 x half> %212, ptr addrspace(3) %606, align 2
  %607 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 2048
  store <1 x half> %220, ptr addrspace(3) %607, align 2
  %608 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 2560
  store <1 x half> %228, ptr addrspace(3) %608, align 2
  %609 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 3072
  store <1 x half> %236, ptr addrspace(3) %609, align 2
  %610 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 3584
  store <1 x half> %244, ptr addrspace(3) %610, align 2
  %611 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 4096
  store <1 x half> %252, ptr addrspace(3) %611, align 2
  %612 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 4608
  store <1 x half> %260, ptr addrspace(3) %612, align 2
  %613 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 5120
  store <1 x half> %268, ptr addrspace(3) %613, align 2
  %614 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 5632
  store <1 x half> %276, ptr addrspace(3) %614, align 2
  %615 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 6144
  store <1 x half> %284, ptr addrspace(3) %615, align 2
  %616 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 6656
  store <1 x half> %292, ptr addrspace(3) %616, align 2
  %617 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 7168
  store <1 x half> %300, ptr addrspace(3) %617, align 2
  %618 = getelementptr inbounds nuw i8, ptr addrspace(3) %603, i32 7680
  store <1 x half> %308, ptr addrspace(3) %618, align 2
  %619 = xor i32 %602, 288
  %620 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %619
  store <1 x half> %192, ptr addrspace(3) %620, align 2
  %621 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 512
  store <1 x half> %200, ptr addrspace(3) %621, align 2
  %622 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 1024
  store <1 x half> %208, ptr addrspace(3) %622, align 2
  %623 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 1536
  store <1 x half> %216, ptr addrspace(3) %623, align 2
  %624 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 2048
  store <1 x half> %224, ptr addrspace(3) %624, align 2
  %625 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 2560
  store <1 x half> %232, ptr addrspace(3) %625, align 2
  %626 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 3072
  store <1 x half> %240, ptr addrspace(3) %626, align 2
  %627 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 3584
  store <1 x half> %248, ptr addrspace(3) %627, align 2
  %628 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 4096
  store <1 x half> %256, ptr addrspace(3) %628, align 2
  %629 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 4608
  store <1 x half> %264, ptr addrspace(3) %629, align 2
  %630 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 5120
  store <1 x half> %272, ptr addrspace(3) %630, align 2
  %631 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 5632
  store <1 x half> %280, ptr addrspace(3) %631, align 2
  %632 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 6144
  store <1 x half> %288, ptr addrspace(3) %632, align 2
  %633 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 6656
  store <1 x half> %296, ptr addrspace(3) %633, align 2
  %634 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 7168
  store <1 x half> %304, ptr addrspace(3) %634, align 2
  %635 = getelementptr inbounds nuw i8, ptr addrspace(3) %620, i32 7680
  store <1 x half> %312, ptr addrspace(3) %635, align 2
  %636 = shl nuw nsw i32 %15, 6
  %637 = shl nuw nsw i32 %9, 3
  %638 = and i32 %637, 48
  %639 = shl nuw nsw i32 %9, 1
  %640 = xor i32 %637, %639
  %641 = and i32 %640, 48
  %642 = or disjoint i32 %636, %641
  %643 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %642
  %644 = insertelement <8 x half> poison, half %442, i64 0
  %645 = insertelement <8 x half> %644, half %447, i64 1
  %646 = insertelement <8 x half> %645, half %452, i64 2
  %647 = insertelement <8 x half> %646, half %457, i64 3
  %648 = insertelement <8 x half> %647, half %462, i64 4
  %649 = insertelement <8 x half> %648, half %467, i64 5
  %650 = insertelement <8 x half> %649, half %472, i64 6
  %651 = insertelement <8 x half> %650, half %477, i64 7
  store <8 x half> %651, ptr addrspace(3) %643, align 16
  %652 = xor i32 %642, 16
  %653 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %652
  %654 = insertelement <8 x half> poison, half %482, i64 0
  %655 = insertelement <8 x half> %654, half %487, i64 1
  %656 = insertelement <8 x half> %655, half %492, i64 2
  %657 = insertelement <8 x half> %656, half %497, i64 3
  %658 = insertelement <8 x half> %657, half %502, i64 4
  %659 = insertelement <8 x half> %658, half %507, i64 5
  %660 = insertelement <8 x half> %659, half %512, i64 6
  %661 = insertelement <8 x half> %660, half %517, i64 7
  store <8 x half> %661, ptr addrspace(3) %653, align 16
  %662 = xor i32 %642, 32
  %663 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %662
  %664 = insertelement <8 x half> poison, half %522, i64 0
  %665 = insertelement <8 x half> %664, half %527, i64 1
  %666 = insertelement <8 x half> %665, half %532, i64 2
  %667 = insertelement <8 x half> %666, half %537, i64 3
  %668 = insertelement <8 x half> %667, half %542, i64 4
  %669 = insertelement <8 x half> %668, half %547, i64 5
  %670 = insertelement <8 x half> %669, half %552, i64 6
  %671 = insertelement <8 x half> %670, half %557, i64 7
  store <8 x half> %671, ptr addrspace(3) %663, align 16
  %672 = xor i32 %642, 48
  %673 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %672
  %674 = insertelement <8 x half> poison, half %562, i64 0
  %675 = insertelement <8 x half> %674, half %567, i64 1
  %676 = insertelement <8 x half> %675, half %572, i64 2
  %677 = insertelement <8 x half> %676, half %577, i64 3
  %678 = insertelement <8 x half> %677, half %582, i64 4
  %679 = insertelement <8 x half> %678, half %587, i64 5
  %680 = insertelement <8 x half> %679, half %592, i64 6
  %681 = shufflevector <8 x half> %680, <8 x half> %597, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 8>
  store <8 x half> %681, ptr addrspace(3) %673, align 16
  %682 = add i32 %5, -32
  %683 = icmp sgt i32 %682, 0
  br i1 %683, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %596
  %684 = shl i32 %4, 5
  %685 = sext i32 %684 to i64
  %686 = shl nuw nsw i32 %17, 6
  %687 = shl nuw nsw i32 %18, 4
  %688 = or disjoint i32 %687, %686
  %689 = or disjoint i32 %688, %638
  %690 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %689
  %691 = getelementptr inbounds nuw i8, ptr addrspace(3) %690, i32 2048
  %692 = getelementptr inbounds nuw i8, ptr addrspace(3) %690, i32 4096
  %693 = getelementptr inbounds nuw i8, ptr addrspace(3) %690, i32 6144
  %694 = xor i32 %689, 16
  %695 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %694
  %696 = getelementptr inbounds nuw i8, ptr addrspace(3) %695, i32 2048
  %697 = getelementptr inbounds nuw i8, ptr addrspace(3) %695, i32 4096
  %698 = getelementptr inbounds nuw i8, ptr addrspace(3) %695, i32 6144
  %699 = xor i32 %689, 32
  %700 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %699
  %701 = getelementptr inbounds nuw i8, ptr addrspace(3) %700, i32 2048
  %702 = getelementptr inbounds nuw i8, ptr addrspace(3) %700, i32 4096
  %703 = getelementptr inbounds nuw i8, ptr addrspace(3) %700, i32 6144
  %704 = xor i32 %689, 48
  %705 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %704
  %706 = getelementptr inbounds nuw i8, ptr addrspace(3) %705, i32 2048
  %707 = getelementptr inbounds nuw i8, ptr addrspace(3) %705, i32 4096
  %708 = getelementptr inbounds nuw i8, ptr addrspace(3) %705, i32 6144
  %709 = shl nuw nsw i32 %9, 6
  %710 = and i32 %709, 448
  %711 = and i32 %9, 8
  %712 = icmp eq i32 %711, 0
  %713 = select i1 %712, i32 0, i32 528
  %714 = icmp eq i32 %19, 0
  %715 = select i1 %714, i32 0, i32 1056
  %716 = or disjoint i32 %710, %638
  %717 = or disjoint i32 %715, %713
  %718 = xor i32 %717, %716
  %719 = xor i32 %718, 16
  %720 = xor i32 %718, 32
  %721 = xor i32 %718, 48
  %722 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %718
  %723 = getelementptr inbounds nuw i8, ptr addrspace(3) %722, i32 2048
  %724 = getelementptr inbounds nuw i8, ptr addrspace(3) %722, i32 4096
  %725 = getelementptr inbounds nuw i8, ptr addrspace(3) %722, i32 6144
  %726 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %719
  %727 = getelementptr inbounds nuw i8, ptr addrspace(3) %726, i32 2048
  %728 = getelementptr inbounds nuw i8, ptr addrspace(3) %726, i32 4096
  %729 = getelementptr inbounds nuw i8, ptr addrspace(3) %726, i32 6144
  %730 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %720
  %731 = getelementptr inbounds nuw i8, ptr addrspace(3) %730, i32 2048
  %732 = getelementptr inbounds nuw i8, ptr addrspace(3) %730, i32 4096
  %733 = getelementptr inbounds nuw i8, ptr addrspace(3) %730, i32 6144
  %734 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %721
  %735 = getelementptr inbounds nuw i8, ptr addrspace(3) %734, i32 2048
  %736 = getelementptr inbounds nuw i8, ptr addrspace(3) %734, i32 4096
  %737 = getelementptr inbounds nuw i8, ptr addrspace(3) %734, i32 6144
  br label %738

738:                                              ; preds = %738, %.lr.ph
  %.pn65192 = phi ptr addrspace(1) [ %437, %.lr.ph ], [ %931, %738 ]
  %.pn67191 = phi ptr addrspace(1) [ %436, %.lr.ph ], [ %930, %738 ]
  %.pn69190 = phi ptr addrspace(1) [ %435, %.lr.ph ], [ %929, %738 ]
  %.pn71189 = phi ptr addrspace(1) [ %434, %.lr.ph ], [ %928, %738 ]
  %.pn73188 = phi ptr addrspace(1) [ %433, %.lr.ph ], [ %927, %738 ]
  %.pn75187 = phi ptr addrspace(1) [ %432, %.lr.ph ], [ %926, %738 ]
  %.pn77186 = phi ptr addrspace(1) [ %431, %.lr.ph ], [ %925, %738 ]
  %.pn79185 = phi ptr addrspace(1) [ %430, %.lr.ph ], [ %924, %738 ]
  %.pn81184 = phi ptr addrspace(1) [ %429, %.lr.ph ], [ %923, %738 ]
  %.pn83183 = phi ptr addrspace(1) [ %428, %.lr.ph ], [ %922, %738 ]
  %.pn85182 = phi ptr addrspace(1) [ %427, %.lr.ph ], [ %921, %738 ]
  %.pn87181 = phi ptr addrspace(1) [ %426, %.lr.ph ], [ %920, %738 ]
  %.pn89180 = phi ptr addrspace(1) [ %425, %.lr.ph ], [ %919, %738 ]
  %.pn91179 = phi ptr addrspace(1) [ %424, %.lr.ph ], [ %918, %738 ]
  %.pn93178 = phi ptr addrspace(1) [ %423, %.lr.ph ], [ %917, %738 ]
  %.pn95177 = phi ptr addrspace(1) [ %422, %.lr.ph ], [ %916, %738 ]
  %.pn97176 = phi ptr addrspace(1) [ %421, %.lr.ph ], [ %915, %738 ]
  %.pn99175 = phi ptr addrspace(1) [ %420, %.lr.ph ], [ %914, %738 ]
  %.pn101174 = phi ptr addrspace(1) [ %419, %.lr.ph ], [ %913, %738 ]
  %.pn103173 = phi ptr addrspace(1) [ %418, %.lr.ph ], [ %912, %738 ]
  %.pn105172 = phi ptr addrspace(1) [ %417, %.lr.ph ], [ %911, %738 ]
  %.pn107171 = phi ptr addrspace(1) [ %416, %.lr.ph ], [ %910, %738 ]
  %.pn109170 = phi ptr addrspace(1) [ %415, %.lr.ph ], [ %909, %738 ]
  %.pn111169 = phi ptr addrspace(1) [ %414, %.lr.ph ], [ %908, %738 ]
  %.pn113168 = phi ptr addrspace(1) [ %413, %.lr.ph ], [ %907, %738 ]
  %.pn115167 = phi ptr addrspace(1) [ %412, %.lr.ph ], [ %906, %738 ]
  %.pn117166 = phi ptr addrspace(1) [ %411, %.lr.ph ], [ %905, %738 ]
  %.pn119165 = phi ptr addrspace(1) [ %410, %.lr.ph ], [ %904, %738 ]
  %.pn121164 = phi ptr addrspace(1) [ %409, %.lr.ph ], [ %903, %738 ]
  %.pn123163 = phi ptr addrspace(1) [ %408, %.lr.ph ], [ %902, %738 ]
  %.pn125162 = phi ptr addrspace(1) [ %407, %.lr.ph ], [ %901, %738 ]
  %.pn127161 = phi ptr addrspace(1) [ %406, %.lr.ph ], [ %900, %738 ]
  %739 = phi float [ 0.000000e+00, %.lr.ph ], [ %1066, %738 ]
  %740 = phi float [ 0.000000e+00, %.lr.ph ], [ %1067, %738 ]
  %741 = phi float [ 0.000000e+00, %.lr.ph ], [ %1068, %738 ]
  %742 = phi float [ 0.000000e+00, %.lr.ph ], [ %1069, %738 ]
  %743 = phi float [ 0.000000e+00, %.lr.ph ], [ %1070, %738 ]
  %744 = phi float [ 0.000000e+00, %.lr.ph ], [ %1071, %738 ]
  %745 = phi float [ 0.000000e+00, %.lr.ph ], [ %1072, %738 ]
  %746 = phi float [ 0.000000e+00, %.lr.ph ], [ %1073, %738 ]
  %747 = phi float [ 0.000000e+00, %.lr.ph ], [ %1086, %738 ]
  %748 = phi float [ 0.000000e+00, %.lr.ph ], [ %1087, %738 ]
  %749 = phi float [ 0.000000e+00, %.lr.ph ], [ %1088, %738 ]
  %750 = phi float [ 0.000000e+00, %.lr.ph ], [ %1089, %738 ]
  %751 = phi float [ 0.000000e+00, %.lr.ph ], [ %1090, %738 ]
  %752 = phi float [ 0.000000e+00, %.lr.ph ], [ %1091, %738 ]
  %753 = phi float [ 0.000000e+00, %.lr.ph ], [ %1092, %738 ]
  %754 = phi float [ 0.000000e+00, %.lr.ph ], [ %1093, %738 ]
  %755 = phi float [ 0.000000e+00, %.lr.ph ], [ %1106, %738 ]
  %756 = phi float [ 0.000000e+00, %.lr.ph ], [ %1107, %738 ]
  %757 = phi float [ 0.000000e+00, %.lr.ph ], [ %1108, %738 ]
  %758 = phi float [ 0.000000e+00, %.lr.ph ], [ %1109, %738 ]
  %759 = phi float [ 0.000000e+00, %.lr.ph ], [ %1110, %738 ]
  %760 = phi float [ 0.000000e+00, %.lr.ph ], [ %1111, %738 ]
  %761 = phi float [ 0.000000e+00, %.lr.ph ], [ %1112, %738 ]
  %762 = phi float [ 0.000000e+00, %.lr.ph ], [ %1113, %738 ]
  %763 = phi float [ 0.000000e+00, %.lr.ph ], [ %1126, %738 ]
  %764 = phi float [ 0.000000e+00, %.lr.ph ], [ %1127, %738 ]
  %765 = phi float [ 0.000000e+00, %.lr.ph ], [ %1128, %738 ]
  %766 = phi float [ 0.000000e+00, %.lr.ph ], [ %1129, %738 ]
  %767 = phi float [ 0.000000e+00, %.lr.ph ], [ %1130, %738 ]
  %768 = phi float [ 0.000000e+00, %.lr.ph ], [ %1131, %738 ]
  %769 = phi float [ 0.000000e+00, %.lr.ph ], [ %1132, %738 ]
  %770 = phi float [ 0.000000e+00, %.lr.ph ], [ %1133, %738 ]
  %771 = phi float [ 0.000000e+00, %.lr.ph ], [ %1146, %738 ]
  %772 = phi float [ 0.000000e+00, %.lr.ph ], [ %1147, %738 ]
  %773 = phi float [ 0.000000e+00, %.lr.ph ], [ %1148, %738 ]
  %774 = phi float [ 0.000000e+00, %.lr.ph ], [ %1149, %738 ]
  %775 = phi float [ 0.000000e+00, %.lr.ph ], [ %1150, %738 ]
  %776 = phi float [ 0.000000e+00, %.lr.ph ], [ %1151, %738 ]
  %777 = phi float [ 0.000000e+00, %.lr.ph ], [ %1152, %738 ]
  %778 = phi float [ 0.000000e+00, %.lr.ph ], [ %1153, %738 ]
  %779 = phi float [ 0.000000e+00, %.lr.ph ], [ %1164, %738 ]
  %780 = phi float [ 0.000000e+00, %.lr.ph ], [ %1165, %738 ]
  %781 = phi float [ 0.000000e+00, %.lr.ph ], [ %1166, %738 ]
  %782 = phi float [ 0.000000e+00, %.lr.ph ], [ %1167, %738 ]
  %783 = phi float [ 0.000000e+00, %.lr.ph ], [ %1168, %738 ]
  %784 = phi float [ 0.000000e+00, %.lr.ph ], [ %1169, %738 ]
  %785 = phi float [ 0.000000e+00, %.lr.ph ], [ %1170, %738 ]
  %786 = phi float [ 0.000000e+00, %.lr.ph ], [ %1171, %738 ]
  %787 = phi float [ 0.000000e+00, %.lr.ph ], [ %1182, %738 ]
  %788 = phi float [ 0.000000e+00, %.lr.ph ], [ %1183, %738 ]
  %789 = phi float [ 0.000000e+00, %.lr.ph ], [ %1184, %738 ]
  %790 = phi float [ 0.000000e+00, %.lr.ph ], [ %1185, %738 ]
  %791 = phi float [ 0.000000e+00, %.lr.ph ], [ %1186, %738 ]
  %792 = phi float [ 0.000000e+00, %.lr.ph ], [ %1187, %738 ]
  %793 = phi float [ 0.000000e+00, %.lr.ph ], [ %1188, %738 ]
  %794 = phi float [ 0.000000e+00, %.lr.ph ], [ %1189, %738 ]
  %795 = phi float [ 0.000000e+00, %.lr.ph ], [ %1200, %738 ]
  %796 = phi float [ 0.000000e+00, %.lr.ph ], [ %1201, %738 ]
  %797 = phi float [ 0.000000e+00, %.lr.ph ], [ %1202, %738 ]
  %798 = phi float [ 0.000000e+00, %.lr.ph ], [ %1203, %738 ]
  %799 = phi float [ 0.000000e+00, %.lr.ph ], [ %1204, %738 ]
  %800 = phi float [ 0.000000e+00, %.lr.ph ], [ %1205, %738 ]
  %801 = phi float [ 0.000000e+00, %.lr.ph ], [ %1206, %738 ]
  %802 = phi float [ 0.000000e+00, %.lr.ph ], [ %1207, %738 ]
  %803 = phi float [ 0.000000e+00, %.lr.ph ], [ %1220, %738 ]
  %804 = phi float [ 0.000000e+00, %.lr.ph ], [ %1221, %738 ]
  %805 = phi float [ 0.000000e+00, %.lr.ph ], [ %1222, %738 ]
  %806 = phi float [ 0.000000e+00, %.lr.ph ], [ %1223, %738 ]
  %807 = phi float [ 0.000000e+00, %.lr.ph ], [ %1224, %738 ]
  %808 = phi float [ 0.000000e+00, %.lr.ph ], [ %1225, %738 ]
  %809 = phi float [ 0.000000e+00, %.lr.ph ], [ %1226, %738 ]
  %810 = phi float [ 0.000000e+00, %.lr.ph ], [ %1227, %738 ]
  %811 = phi float [ 0.000000e+00, %.lr.ph ], [ %1238, %738 ]
  %812 = phi float [ 0.000000e+00, %.lr.ph ], [ %1239, %738 ]
  %813 = phi float [ 0.000000e+00, %.lr.ph ], [ %1240, %738 ]
  %814 = phi float [ 0.000000e+00, %.lr.ph ], [ %1241, %738 ]
  %815 = phi float [ 0.000000e+00, %.lr.ph ], [ %1242, %738 ]
  %816 = phi float [ 0.000000e+00, %.lr.ph ], [ %1243, %738 ]
  %817 = phi float [ 0.000000e+00, %.lr.ph ], [ %1244, %738 ]
  %818 = phi float [ 0.000000e+00, %.lr.ph ], [ %1245, %738 ]
  %819 = phi float [ 0.000000e+00, %.lr.ph ], [ %1256, %738 ]
  %820 = phi float [ 0.000000e+00, %.lr.ph ], [ %1257, %738 ]
  %821 = phi float [ 0.000000e+00, %.lr.ph ], [ %1258, %738 ]
  %822 = phi float [ 0.000000e+00, %.lr.ph ], [ %1259, %738 ]
  %823 = phi float [ 0.000000e+00, %.lr.ph ], [ %1260, %738 ]
  %824 = phi float [ 0.000000e+00, %.lr.ph ], [ %1261, %738 ]
  %825 = phi float [ 0.000000e+00, %.lr.ph ], [ %1262, %738 ]
  %826 = phi float [ 0.000000e+00, %.lr.ph ], [ %1263, %738 ]
  %827 = phi float [ 0.000000e+00, %.lr.ph ], [ %1274, %738 ]
  %828 = phi float [ 0.000000e+00, %.lr.ph ], [ %1275, %738 ]
  %829 = phi float [ 0.000000e+00, %.lr.ph ], [ %1276, %738 ]
  %830 = phi float [ 0.000000e+00, %.lr.ph ], [ %1277, %738 ]
  %831 = phi float [ 0.000000e+00, %.lr.ph ], [ %1278, %738 ]
  %832 = phi float [ 0.000000e+00, %.lr.ph ], [ %1279, %738 ]
  %833 = phi float [ 0.000000e+00, %.lr.ph ], [ %1280, %738 ]
  %834 = phi float [ 0.000000e+00, %.lr.ph ], [ %1281, %738 ]
  %835 = phi float [ 0.000000e+00, %.lr.ph ], [ %1294, %738 ]
  %836 = phi float [ 0.000000e+00, %.lr.ph ], [ %1295, %738 ]
  %837 = phi float [ 0.000000e+00, %.lr.ph ], [ %1296, %738 ]
  %838 = phi float [ 0.000000e+00, %.lr.ph ], [ %1297, %738 ]
  %839 = phi float [ 0.000000e+00, %.lr.ph ], [ %1298, %738 ]
  %840 = phi float [ 0.000000e+00, %.lr.ph ], [ %1299, %738 ]
  %841 = phi float [ 0.000000e+00, %.lr.ph ], [ %1300, %738 ]
  %842 = phi float [ 0.000000e+00, %.lr.ph ], [ %1301, %738 ]
  %843 = phi float [ 0.000000e+00, %.lr.ph ], [ %1312, %738 ]
  %844 = phi float [ 0.000000e+00, %.lr.ph ], [ %1313, %738 ]
  %845 = phi float [ 0.000000e+00, %.lr.ph ], [ %1314, %738 ]
  %846 = phi float [ 0.000000e+00, %.lr.ph ], [ %1315, %738 ]
  %847 = phi float [ 0.000000e+00, %.lr.ph ], [ %1316, %738 ]
  %848 = phi float [ 0.000000e+00, %.lr.ph ], [ %1317, %738 ]
  %849 = phi float [ 0.000000e+00, %.lr.ph ], [ %1318, %738 ]
  %850 = phi float [ 0.000000e+00, %.lr.ph ], [ %1319, %738 ]
  %851 = phi float [ 0.000000e+00, %.lr.ph ], [ %1330, %738 ]
  %852 = phi float [ 0.000000e+00, %.lr.ph ], [ %1331, %738 ]
  %853 = phi float [ 0.000000e+00, %.lr.ph ], [ %1332, %738 ]
  %854 = phi float [ 0.000000e+00, %.lr.ph ], [ %1333, %738 ]
  %855 = phi float [ 0.000000e+00, %.lr.ph ], [ %1334, %738 ]
  %856 = phi float [ 0.000000e+00, %.lr.ph ], [ %1335, %738 ]
  %857 = phi float [ 0.000000e+00, %.lr.ph ], [ %1336, %738 ]
  %858 = phi float [ 0.000000e+00, %.lr.ph ], [ %1337, %738 ]
  %859 = phi float [ 0.000000e+00, %.lr.ph ], [ %1348, %738 ]
  %860 = phi float [ 0.000000e+00, %.lr.ph ], [ %1349, %738 ]
  %861 = phi float [ 0.000000e+00, %.lr.ph ], [ %1350, %738 ]
  %862 = phi float [ 0.000000e+00, %.lr.ph ], [ %1351, %738 ]
  %863 = phi float [ 0.000000e+00, %.lr.ph ], [ %1352, %738 ]
  %864 = phi float [ 0.000000e+00, %.lr.ph ], [ %1353, %738 ]
  %865 = phi float [ 0.000000e+00, %.lr.ph ], [ %1354, %738 ]
  %866 = phi float [ 0.000000e+00, %.lr.ph ], [ %1355, %738 ]
  %.pn1160 = phi ptr addrspace(1) [ %183, %.lr.ph ], [ %899, %738 ]
  %.pn3159 = phi ptr addrspace(1) [ %182, %.lr.ph ], [ %898, %738 ]
  %.pn5158 = phi ptr addrspace(1) [ %181, %.lr.ph ], [ %897, %738 ]
  %.pn7157 = phi ptr addrspace(1) [ %180, %.lr.ph ], [ %896, %738 ]
  %.pn9156 = phi ptr addrspace(1) [ %179, %.lr.ph ], [ %895, %738 ]
  %.pn11155 = phi ptr addrspace(1) [ %178, %.lr.ph ], [ %894, %738 ]
  %.pn13154 = phi ptr addrspace(1) [ %177, %.lr.ph ], [ %893, %738 ]
  %.pn15153 = phi ptr addrspace(1) [ %176, %.lr.ph ], [ %892, %738 ]
  %.pn17152 = phi ptr addrspace(1) [ %175, %.lr.ph ], [ %891, %738 ]
  %.pn19151 = phi ptr addrspace(1) [ %174, %.lr.ph ], [ %890, %738 ]
  %.pn21150 = phi ptr addrspace(1) [ %173, %.lr.ph ], [ %889, %738 ]
  %.pn23149 = phi ptr addrspace(1) [ %172, %.lr.ph ], [ %888, %738 ]
  %.pn25148 = phi ptr addrspace(1) [ %171, %.lr.ph ], [ %887, %738 ]
  %.pn27147 = phi ptr addrspace(1) [ %170, %.lr.ph ], [ %886, %738 ]
  %.pn29146 = phi ptr addrspace(1) [ %169, %.lr.ph ], [ %885, %738 ]
  %.pn31145 = phi ptr addrspace(1) [ %168, %.lr.ph ], [ %884, %738 ]
  %.pn33144 = phi ptr addrspace(1) [ %167, %.lr.ph ], [ %883, %738 ]
  %.pn35143 = phi ptr addrspace(1) [ %166, %.lr.ph ], [ %882, %738 ]
  %.pn37142 = phi ptr addrspace(1) [ %165, %.lr.ph ], [ %881, %738 ]
  %.pn39141 = phi ptr addrspace(1) [ %164, %.lr.ph ], [ %880, %738 ]
  %.pn41140 = phi ptr addrspace(1) [ %163, %.lr.ph ], [ %879, %738 ]
  %.pn43139 = phi ptr addrspace(1) [ %162, %.lr.ph ], [ %878, %738 ]
  %.pn45138 = phi ptr addrspace(1) [ %161, %.lr.ph ], [ %877, %738 ]
  %.pn47137 = phi ptr addrspace(1) [ %160, %.lr.ph ], [ %876, %738 ]
  %.pn49136 = phi ptr addrspace(1) [ %159, %.lr.ph ], [ %875, %738 ]
  %.pn51135 = phi ptr addrspace(1) [ %158, %.lr.ph ], [ %874, %738 ]
  %.pn53134 = phi ptr addrspace(1) [ %157, %.lr.ph ], [ %873, %738 ]
  %.pn55133 = phi ptr addrspace(1) [ %156, %.lr.ph ], [ %872, %738 ]
  %.pn57132 = phi ptr addrspace(1) [ %155, %.lr.ph ], [ %871, %738 ]
  %.pn59131 = phi ptr addrspace(1) [ %154, %.lr.ph ], [ %870, %738 ]
  %.pn61130 = phi ptr addrspace(1) [ %153, %.lr.ph ], [ %869, %738 ]
  %.pn63129 = phi ptr addrspace(1) [ %152, %.lr.ph ], [ %868, %738 ]
  %867 = phi i32 [ 0, %.lr.ph ], [ %1384, %738 ]
  %868 = getelementptr i8, ptr addrspace(1) %.pn63129, i64 64
  %869 = getelementptr i8, ptr addrspace(1) %.pn61130, i64 64
  %870 = getelementptr i8, ptr addrspace(1) %.pn59131, i64 64
  %871 = getelementptr i8, ptr addrspace(1) %.pn57132, i64 64
  %872 = getelementptr i8, ptr addrspace(1) %.pn55133, i64 64
  %873 = getelementptr i8, ptr addrspace(1) %.pn53134, i64 64
  %874 = getelementptr i8, ptr addrspace(1) %.pn51135, i64 64
  %875 = getelementptr i8, ptr addrspace(1) %.pn49136, i64 64
  %876 = getelementptr i8, ptr addrspace(1) %.pn47137, i64 64
  %877 = getelementptr i8, ptr addrspace(1) %.pn45138, i64 64
  %878 = getelementptr i8, ptr addrspace(1) %.pn43139, i64 64
  %879 = getelementptr i8, ptr addrspace(1) %.pn41140, i64 64
  %880 = getelementptr i8, ptr addrspace(1) %.pn39141, i64 64
  %881 = getelementptr i8, ptr addrspace(1) %.pn37142, i64 64
  %882 = getelementptr i8, ptr addrspace(1) %.pn35143, i64 64
  %883 = getelementptr i8, ptr addrspace(1) %.pn33144, i64 64
  %884 = getelementptr i8, ptr addrspace(1) %.pn31145, i64 64
  %885 = getelementptr i8, ptr addrspace(1) %.pn29146, i64 64
  %886 = getelementptr i8, ptr addrspace(1) %.pn27147, i64 64
  %887 = getelementptr i8, ptr addrspace(1) %.pn25148, i64 64
  %888 = getelementptr i8, ptr addrspace(1) %.pn23149, i64 64
  %889 = getelementptr i8, ptr addrspace(1) %.pn21150, i64 64
  %890 = getelementptr i8, ptr addrspace(1) %.pn19151, i64 64
  %891 = getelementptr i8, ptr addrspace(1) %.pn17152, i64 64
  %892 = getelementptr i8, ptr addrspace(1) %.pn15153, i64 64
  %893 = getelementptr i8, ptr addrspace(1) %.pn13154, i64 64
  %894 = getelementptr i8, ptr addrspace(1) %.pn11155, i64 64
  %895 = getelementptr i8, ptr addrspace(1) %.pn9156, i64 64
  %896 = getelementptr i8, ptr addrspace(1) %.pn7157, i64 64
  %897 = getelementptr i8, ptr addrspace(1) %.pn5158, i64 64
  %898 = getelementptr i8, ptr addrspace(1) %.pn3159, i64 64
  %899 = getelementptr i8, ptr addrspace(1) %.pn1160, i64 64
  %900 = getelementptr [2 x i8], ptr addrspace(1) %.pn127161, i64 %685
  %901 = getelementptr [2 x i8], ptr addrspace(1) %.pn125162, i64 %685
  %902 = getelementptr [2 x i8], ptr addrspace(1) %.pn123163, i64 %685
  %903 = getelementptr [2 x i8], ptr addrspace(1) %.pn121164, i64 %685
  %904 = getelementptr [2 x i8], ptr addrspace(1) %.pn119165, i64 %685
  %905 = getelementptr [2 x i8], ptr addrspace(1) %.pn117166, i64 %685
  %906 = getelementptr [2 x i8], ptr addrspace(1) %.pn115167, i64 %685
  %907 = getelementptr [2 x i8], ptr addrspace(1) %.pn113168, i64 %685
  %908 = getelementptr [2 x i8], ptr addrspace(1) %.pn111169, i64 %685
  %909 = getelementptr [2 x i8], ptr addrspace(1) %.pn109170, i64 %685
  %910 = getelementptr [2 x i8], ptr addrspace(1) %.pn107171, i64 %685
  %911 = getelementptr [2 x i8], ptr addrspace(1) %.pn105172, i64 %685
  %912 = getelementptr [2 x i8], ptr addrspace(1) %.pn103173, i64 %685
  %913 = getelementptr [2 x i8], ptr addrspace(1) %.pn101174, i64 %685
  %914 = getelementptr [2 x i8], ptr addrspace(1) %.pn99175, i64 %685
  %915 = getelementptr [2 x i8], ptr addrspace(1) %.pn97176, i64 %685
  %916 = getelementptr [2 x i8], ptr addrspace(1) %.pn95177, i64 %685
  %917 = getelementptr [2 x i8], ptr addrspace(1) %.pn93178, i64 %685
  %918 = getelementptr [2 x i8], ptr addrspace(1) %.pn91179, i64 %685
  %919 = getelementptr [2 x i8], ptr addrspace(1) %.pn89180, i64 %685
  %920 = getelementptr [2 x i8], ptr addrspace(1) %.pn87181, i64 %685
  %921 = getelementptr [2 x i8], ptr addrspace(1) %.pn85182, i64 %685
  %922 = getelementptr [2 x i8], ptr addrspace(1) %.pn83183, i64 %685
  %923 = getelementptr [2 x i8], ptr addrspace(1) %.pn81184, i64 %685
  %924 = getelementptr [2 x i8], ptr addrspace(1) %.pn79185, i64 %685
  %925 = getelementptr [2 x i8], ptr addrspace(1) %.pn77186, i64 %685
  %926 = getelementptr [2 x i8], ptr addrspace(1) %.pn75187, i64 %685
  %927 = getelementptr [2 x i8], ptr addrspace(1) %.pn73188, i64 %685
  %928 = getelementptr [2 x i8], ptr addrspace(1) %.pn71189, i64 %685
  %929 = getelementptr [2 x i8], ptr addrspace(1) %.pn69190, i64 %685
  %930 = getelementptr [2 x i8], ptr addrspace(1) %.pn67191, i64 %685
  %931 = getelementptr [2 x i8], ptr addrspace(1) %.pn65192, i64 %685
  %932 = load <1 x half>, ptr addrspace(1) %868, align 2
  %933 = load <1 x half>, ptr addrspace(1) %869, align 2
  %934 = load <1 x half>, ptr addrspace(1) %870, align 2
  %935 = load <1 x half>, ptr addrspace(1) %871, align 2
  %936 = load <1 x half>, ptr addrspace(1) %872, align 2
  %937 = load <1 x half>, ptr addrspace(1) %873, align 2
  %938 = load <1 x half>, ptr addrspace(1) %874, align 2
  %939 = load <1 x half>, ptr addrspace(1) %875, align 2
  %940 = load <1 x half>, ptr addrspace(1) %876, align 2
  %941 = load <1 x half>, ptr addrspace(1) %877, align 2
  %942 = load <1 x half>, ptr addrspace(1) %878, align 2
  %943 = load <1 x half>, ptr addrspace(1) %879, align 2
  %944 = load <1 x half>, ptr addrspace(1) %880, align 2
  %945 = load <1 x half>, ptr addrspace(1) %881, align 2
  %946 = load <1 x half>, ptr addrspace(1) %882, align 2
  %947 = load <1 x half>, ptr addrspace(1) %883, align 2
  %948 = load <1 x half>, ptr addrspace(1) %884, align 2
  %949 = load <1 x half>, ptr addrspace(1) %885, align 2
  %950 = load <1 x half>, ptr addrspace(1) %886, align 2
  %951 = load <1 x half>, ptr addrspace(1) %887, align 2
  %952 = load <1 x half>, ptr addrspace(1) %888, align 2
  %953 = load <1 x half>, ptr addrspace(1) %889, align 2
  %954 = load <1 x half>, ptr addrspace(1) %890, align 2
  %955 = load <1 x half>, ptr addrspace(1) %891, align 2
  %956 = load <1 x half>, ptr addrspace(1) %892, align 2
  %957 = load <1 x half>, ptr addrspace(1) %893, align 2
  %958 = load <1 x half>, ptr addrspace(1) %894, align 2
  %959 = load <1 x half>, ptr addrspace(1) %895, align 2
  %960 = load <1 x half>, ptr addrspace(1) %896, align 2
  %961 = load <1 x half>, ptr addrspace(1) %897, align 2
  %962 = load <1 x half>, ptr addrspace(1) %898, align 2
  %963 = load <1 x half>, ptr addrspace(1) %899, align 2
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %964 = load <8 x half>, ptr addrspace(3) %690, align 16
  %965 = load <8 x half>, ptr addrspace(3) %691, align 16
  %966 = load <8 x half>, ptr addrspace(3) %692, align 16
  %967 = load <8 x half>, ptr addrspace(3) %693, align 16
  %968 = load <8 x half>, ptr addrspace(3) %695, align 16
  %969 = load <8 x half>, ptr addrspace(3) %696, align 16
  %970 = load <8 x half>, ptr addrspace(3) %697, align 16
  %971 = load <8 x half>, ptr addrspace(3) %698, align 16
  %972 = load <8 x half>, ptr addrspace(3) %700, align 16
  %973 = load <8 x half>, ptr addrspace(3) %701, align 16
  %974 = load <8 x half>, ptr addrspace(3) %702, align 16
  %975 = load <8 x half>, ptr addrspace(3) %703, align 16
  %976 = load <8 x half>, ptr addrspace(3) %705, align 16
  %977 = load <8 x half>, ptr addrspace(3) %706, align 16
  %978 = load <8 x half>, ptr addrspace(3) %707, align 16
  %979 = load <8 x half>, ptr addrspace(3) %708, align 16
  %980 = load <1 x half>, ptr addrspace(1) %900, align 2
  %981 = load <1 x half>, ptr addrspace(1) %901, align 2
  %982 = load <1 x half>, ptr addrspace(1) %902, align 2
  %983 = shufflevector <1 x half> %982, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %984 = load <1 x half>, ptr addrspace(1) %903, align 2
  %985 = shufflevector <1 x half> %984, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %986 = load <1 x half>, ptr addrspace(1) %904, align 2
  %987 = shufflevector <1 x half> %986, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %988 = load <1 x half>, ptr addrspace(1) %905, align 2
  %989 = shufflevector <1 x half> %988, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %990 = load <1 x half>, ptr addrspace(1) %906, align 2
  %991 = shufflevector <1 x half> %990, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %992 = load <1 x half>, ptr addrspace(1) %907, align 2
  %993 = shufflevector <1 x half> %992, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %994 = load <1 x half>, ptr addrspace(1) %908, align 2
  %995 = load <1 x half>, ptr addrspace(1) %909, align 2
  %996 = load <1 x half>, ptr addrspace(1) %910, align 2
  %997 = shufflevector <1 x half> %996, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %998 = load <1 x half>, ptr addrspace(1) %911, align 2
  %999 = shufflevector <1 x half> %998, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1000 = load <1 x half>, ptr addrspace(1) %912, align 2
  %1001 = shufflevector <1 x half> %1000, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1002 = load <1 x half>, ptr addrspace(1) %913, align 2
  %1003 = shufflevector <1 x half> %1002, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1004 = load <1 x half>, ptr addrspace(1) %914, align 2
  %1005 = shufflevector <1 x half> %1004, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1006 = load <1 x half>, ptr addrspace(1) %915, align 2
  %1007 = shufflevector <1 x half> %1006, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1008 = load <1 x half>, ptr addrspace(1) %916, align 2
  %1009 = load <1 x half>, ptr addrspace(1) %917, align 2
  %1010 = load <1 x half>, ptr addrspace(1) %918, align 2
  %1011 = shufflevector <1 x half> %1010, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1012 = load <1 x half>, ptr addrspace(1) %919, align 2
  %1013 = shufflevector <1 x half> %1012, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1014 = load <1 x half>, ptr addrspace(1) %920, align 2
  %1015 = shufflevector <1 x half> %1014, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1016 = load <1 x half>, ptr addrspace(1) %921, align 2
  %1017 = shufflevector <1 x half> %1016, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1018 = load <1 x half>, ptr addrspace(1) %922, align 2
  %1019 = shufflevector <1 x half> %1018, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1020 = load <1 x half>, ptr addrspace(1) %923, align 2
  %1021 = shufflevector <1 x half> %1020, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1022 = load <1 x half>, ptr addrspace(1) %924, align 2
  %1023 = load <1 x half>, ptr addrspace(1) %925, align 2
  %1024 = load <1 x half>, ptr addrspace(1) %926, align 2
  %1025 = shufflevector <1 x half> %1024, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1026 = load <1 x half>, ptr addrspace(1) %927, align 2
  %1027 = shufflevector <1 x half> %1026, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1028 = load <1 x half>, ptr addrspace(1) %928, align 2
  %1029 = shufflevector <1 x half> %1028, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1030 = load <1 x half>, ptr addrspace(1) %929, align 2
  %1031 = shufflevector <1 x half> %1030, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1032 = load <1 x half>, ptr addrspace(1) %930, align 2
  %1033 = shufflevector <1 x half> %1032, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1034 = load <1 x half>, ptr addrspace(1) %931, align 2
  %1035 = shufflevector <1 x half> %1034, <1 x half> poison, <8 x i32> <i32 0, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1036 = load <8 x half>, ptr addrspace(3) %722, align 16
  %1037 = load <8 x half>, ptr addrspace(3) %723, align 16
  %1038 = load <8 x half>, ptr addrspace(3) %724, align 16
  %1039 = load <8 x half>, ptr addrspace(3) %725, align 16
  %1040 = load <8 x half>, ptr addrspace(3) %726, align 16
  %1041 = load <8 x half>, ptr addrspace(3) %727, align 16
  %1042 = load <8 x half>, ptr addrspace(3) %728, align 16
  %1043 = load <8 x half>, ptr addrspace(3) %729, align 16
  %1044 = load <8 x half>, ptr addrspace(3) %730, align 16
  %1045 = load <8 x half>, ptr addrspace(3) %731, align 16
  %1046 = load <8 x half>, ptr addrspace(3) %732, align 16
  %1047 = load <8 x half>, ptr addrspace(3) %733, align 16
  %1048 = load <8 x half>, ptr addrspace(3) %734, align 16
  %1049 = load <8 x half>, ptr addrspace(3) %735, align 16
  %1050 = load <8 x half>, ptr addrspace(3) %736, align 16
  %1051 = load <8 x half>, ptr addrspace(3) %737, align 16
  %1052 = insertelement <8 x float> poison, float %739, i64 0
  %1053 = insertelement <8 x float> %1052, float %740, i64 1
  %1054 = insertelement <8 x float> %1053, float %741, i64 2
  %1055 = insertelement <8 x float> %1054, float %742, i64 3
  %1056 = insertelement <8 x float> %1055, float %743, i64 4
  %1057 = insertelement <8 x float> %1056, float %744, i64 5
  %1058 = insertelement <8 x float> %1057, float %745, i64 6
  %1059 = insertelement <8 x float> %1058, float %746, i64 7
  %1060 = shufflevector <8 x half> %964, <8 x half> %968, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1061 = shufflevector <8 x half> %1036, <8 x half> %1040, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1062 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1061, <16 x half> %1060, <8 x float> %1059)
  %1063 = shufflevector <8 x half> %972, <8 x half> %976, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1064 = shufflevector <8 x half> %1044, <8 x half> %1048, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1065 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1064, <16 x half> %1063, <8 x float> %1062)
  %1066 = extractelement <8 x float> %1065, i64 0
  %1067 = extractelement <8 x float> %1065, i64 1
  %1068 = extractelement <8 x float> %1065, i64 2
  %1069 = extractelement <8 x float> %1065, i64 3
  %1070 = extractelement <8 x float> %1065, i64 4
  %1071 = extractelement <8 x float> %1065, i64 5
  %1072 = extractelement <8 x float> %1065, i64 6
  %1073 = extractelement <8 x float> %1065, i64 7
  %1074 = insertelement <8 x float> poison, float %747, i64 0
  %1075 = insertelement <8 x float> %1074, float %748, i64 1
  %1076 = insertelement <8 x float> %1075, float %749, i64 2
  %1077 = insertelement <8 x float> %1076, float %750, i64 3
  %1078 = insertelement <8 x float> %1077, float %751, i64 4
  %1079 = insertelement <8 x float> %1078, float %752, i64 5
  %1080 = insertelement <8 x float> %1079, float %753, i64 6
  %1081 = insertelement <8 x float> %1080, float %754, i64 7
  %1082 = shufflevector <8 x half> %1037, <8 x half> %1041, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1083 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1082, <16 x half> %1060, <8 x float> %1081)
  %1084 = shufflevector <8 x half> %1045, <8 x half> %1049, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1085 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1084, <16 x half> %1063, <8 x float> %1083)
  %1086 = extractelement <8 x float> %1085, i64 0
  %1087 = extractelement <8 x float> %1085, i64 1
  %1088 = extractelement <8 x float> %1085, i64 2
  %1089 = extractelement <8 x float> %1085, i64 3
  %1090 = extractelement <8 x float> %1085, i64 4
  %1091 = extractelement <8 x float> %1085, i64 5
  %1092 = extractelement <8 x float> %1085, i64 6
  %1093 = extractelement <8 x float> %1085, i64 7
  %1094 = insertelement <8 x float> poison, float %755, i64 0
  %1095 = insertelement <8 x float> %1094, float %756, i64 1
  %1096 = insertelement <8 x float> %1095, float %757, i64 2
  %1097 = insertelement <8 x float> %1096, float %758, i64 3
  %1098 = insertelement <8 x float> %1097, float %759, i64 4
  %1099 = insertelement <8 x float> %1098, float %760, i64 5
  %1100 = insertelement <8 x float> %1099, float %761, i64 6
  %1101 = insertelement <8 x float> %1100, float %762, i64 7
  %1102 = shufflevector <8 x half> %1038, <8 x half> %1042, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1103 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1102, <16 x half> %1060, <8 x float> %1101)
  %1104 = shufflevector <8 x half> %1046, <8 x half> %1050, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1105 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1104, <16 x half> %1063, <8 x float> %1103)
  %1106 = extractelement <8 x float> %1105, i64 0
  %1107 = extractelement <8 x float> %1105, i64 1
  %1108 = extractelement <8 x float> %1105, i64 2
  %1109 = extractelement <8 x float> %1105, i64 3
  %1110 = extractelement <8 x float> %1105, i64 4
  %1111 = extractelement <8 x float> %1105, i64 5
  %1112 = extractelement <8 x float> %1105, i64 6
  %1113 = extractelement <8 x float> %1105, i64 7
  %1114 = insertelement <8 x float> poison, float %763, i64 0
  %1115 = insertelement <8 x float> %1114, float %764, i64 1
  %1116 = insertelement <8 x float> %1115, float %765, i64 2
  %1117 = insertelement <8 x float> %1116, float %766, i64 3
  %1118 = insertelement <8 x float> %1117, float %767, i64 4
  %1119 = insertelement <8 x float> %1118, float %768, i64 5
  %1120 = insertelement <8 x float> %1119, float %769, i64 6
  %1121 = insertelement <8 x float> %1120, float %770, i64 7
  %1122 = shufflevector <8 x half> %1039, <8 x half> %1043, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1123 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1122, <16 x half> %1060, <8 x float> %1121)
  %1124 = shufflevector <8 x half> %1047, <8 x half> %1051, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1125 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1124, <16 x half> %1063, <8 x float> %1123)
  %1126 = extractelement <8 x float> %1125, i64 0
  %1127 = extractelement <8 x float> %1125, i64 1
  %1128 = extractelement <8 x float> %1125, i64 2
  %1129 = extractelement <8 x float> %1125, i64 3
  %1130 = extractelement <8 x float> %1125, i64 4
  %1131 = extractelement <8 x float> %1125, i64 5
  %1132 = extractelement <8 x float> %1125, i64 6
  %1133 = extractelement <8 x float> %1125, i64 7
  %1134 = insertelement <8 x float> poison, float %771, i64 0
  %1135 = insertelement <8 x float> %1134, float %772, i64 1
  %1136 = insertelement <8 x float> %1135, float %773, i64 2
  %1137 = insertelement <8 x float> %1136, float %774, i64 3
  %1138 = insertelement <8 x float> %1137, float %775, i64 4
  %1139 = insertelement <8 x float> %1138, float %776, i64 5
  %1140 = insertelement <8 x float> %1139, float %777, i64 6
  %1141 = insertelement <8 x float> %1140, float %778, i64 7
  %1142 = shufflevector <8 x half> %965, <8 x half> %969, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1143 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1061, <16 x half> %1142, <8 x float> %1141)
  %1144 = shufflevector <8 x half> %973, <8 x half> %977, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1145 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1064, <16 x half> %1144, <8 x float> %1143)
  %1146 = extractelement <8 x float> %1145, i64 0
  %1147 = extractelement <8 x float> %1145, i64 1
  %1148 = extractelement <8 x float> %1145, i64 2
  %1149 = extractelement <8 x float> %1145, i64 3
  %1150 = extractelement <8 x float> %1145, i64 4
  %1151 = extractelement <8 x float> %1145, i64 5
  %1152 = extractelement <8 x float> %1145, i64 6
  %1153 = extractelement <8 x float> %1145, i64 7
  %1154 = insertelement <8 x float> poison, float %779, i64 0
  %1155 = insertelement <8 x float> %1154, float %780, i64 1
  %1156 = insertelement <8 x float> %1155, float %781, i64 2
  %1157 = insertelement <8 x float> %1156, float %782, i64 3
  %1158 = insertelement <8 x float> %1157, float %783, i64 4
  %1159 = insertelement <8 x float> %1158, float %784, i64 5
  %1160 = insertelement <8 x float> %1159, float %785, i64 6
  %1161 = insertelement <8 x float> %1160, float %786, i64 7
  %1162 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1082, <16 x half> %1142, <8 x float> %1161)
  %1163 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1084, <16 x half> %1144, <8 x float> %1162)
  %1164 = extractelement <8 x float> %1163, i64 0
  %1165 = extractelement <8 x float> %1163, i64 1
  %1166 = extractelement <8 x float> %1163, i64 2
  %1167 = extractelement <8 x float> %1163, i64 3
  %1168 = extractelement <8 x float> %1163, i64 4
  %1169 = extractelement <8 x float> %1163, i64 5
  %1170 = extractelement <8 x float> %1163, i64 6
  %1171 = extractelement <8 x float> %1163, i64 7
  %1172 = insertelement <8 x float> poison, float %787, i64 0
  %1173 = insertelement <8 x float> %1172, float %788, i64 1
  %1174 = insertelement <8 x float> %1173, float %789, i64 2
  %1175 = insertelement <8 x float> %1174, float %790, i64 3
  %1176 = insertelement <8 x float> %1175, float %791, i64 4
  %1177 = insertelement <8 x float> %1176, float %792, i64 5
  %1178 = insertelement <8 x float> %1177, float %793, i64 6
  %1179 = insertelement <8 x float> %1178, float %794, i64 7
  %1180 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1102, <16 x half> %1142, <8 x float> %1179)
  %1181 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1104, <16 x half> %1144, <8 x float> %1180)
  %1182 = extractelement <8 x float> %1181, i64 0
  %1183 = extractelement <8 x float> %1181, i64 1
  %1184 = extractelement <8 x float> %1181, i64 2
  %1185 = extractelement <8 x float> %1181, i64 3
  %1186 = extractelement <8 x float> %1181, i64 4
  %1187 = extractelement <8 x float> %1181, i64 5
  %1188 = extractelement <8 x float> %1181, i64 6
  %1189 = extractelement <8 x float> %1181, i64 7
  %1190 = insertelement <8 x float> poison, float %795, i64 0
  %1191 = insertelement <8 x float> %1190, float %796, i64 1
  %1192 = insertelement <8 x float> %1191, float %797, i64 2
  %1193 = insertelement <8 x float> %1192, float %798, i64 3
  %1194 = insertelement <8 x float> %1193, float %799, i64 4
  %1195 = insertelement <8 x float> %1194, float %800, i64 5
  %1196 = insertelement <8 x float> %1195, float %801, i64 6
  %1197 = insertelement <8 x float> %1196, float %802, i64 7
  %1198 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1122, <16 x half> %1142, <8 x float> %1197)
  %1199 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1124, <16 x half> %1144, <8 x float> %1198)
  %1200 = extractelement <8 x float> %1199, i64 0
  %1201 = extractelement <8 x float> %1199, i64 1
  %1202 = extractelement <8 x float> %1199, i64 2
  %1203 = extractelement <8 x float> %1199, i64 3
  %1204 = extractelement <8 x float> %1199, i64 4
  %1205 = extractelement <8 x float> %1199, i64 5
  %1206 = extractelement <8 x float> %1199, i64 6
  %1207 = extractelement <8 x float> %1199, i64 7
  %1208 = insertelement <8 x float> poison, float %803, i64 0
  %1209 = insertelement <8 x float> %1208, float %804, i64 1
  %1210 = insertelement <8 x float> %1209, float %805, i64 2
  %1211 = insertelement <8 x float> %1210, float %806, i64 3
  %1212 = insertelement <8 x float> %1211, float %807, i64 4
  %1213 = insertelement <8 x float> %1212, float %808, i64 5
  %1214 = insertelement <8 x float> %1213, float %809, i64 6
  %1215 = insertelement <8 x float> %1214, float %810, i64 7
  %1216 = shufflevector <8 x half> %966, <8 x half> %970, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1217 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1061, <16 x half> %1216, <8 x float> %1215)
  %1218 = shufflevector <8 x half> %974, <8 x half> %978, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1219 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1064, <16 x half> %1218, <8 x float> %1217)
  %1220 = extractelement <8 x float> %1219, i64 0
  %1221 = extractelement <8 x float> %1219, i64 1
  %1222 = extractelement <8 x float> %1219, i64 2
  %1223 = extractelement <8 x float> %1219, i64 3
  %1224 = extractelement <8 x float> %1219, i64 4
  %1225 = extractelement <8 x float> %1219, i64 5
  %1226 = extractelement <8 x float> %1219, i64 6
  %1227 = extractelement <8 x float> %1219, i64 7
  %1228 = insertelement <8 x float> poison, float %811, i64 0
  %1229 = insertelement <8 x float> %1228, float %812, i64 1
  %1230 = insertelement <8 x float> %1229, float %813, i64 2
  %1231 = insertelement <8 x float> %1230, float %814, i64 3
  %1232 = insertelement <8 x float> %1231, float %815, i64 4
  %1233 = insertelement <8 x float> %1232, float %816, i64 5
  %1234 = insertelement <8 x float> %1233, float %817, i64 6
  %1235 = insertelement <8 x float> %1234, float %818, i64 7
  %1236 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1082, <16 x half> %1216, <8 x float> %1235)
  %1237 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1084, <16 x half> %1218, <8 x float> %1236)
  %1238 = extractelement <8 x float> %1237, i64 0
  %1239 = extractelement <8 x float> %1237, i64 1
  %1240 = extractelement <8 x float> %1237, i64 2
  %1241 = extractelement <8 x float> %1237, i64 3
  %1242 = extractelement <8 x float> %1237, i64 4
  %1243 = extractelement <8 x float> %1237, i64 5
  %1244 = extractelement <8 x float> %1237, i64 6
  %1245 = extractelement <8 x float> %1237, i64 7
  %1246 = insertelement <8 x float> poison, float %819, i64 0
  %1247 = insertelement <8 x float> %1246, float %820, i64 1
  %1248 = insertelement <8 x float> %1247, float %821, i64 2
  %1249 = insertelement <8 x float> %1248, float %822, i64 3
  %1250 = insertelement <8 x float> %1249, float %823, i64 4
  %1251 = insertelement <8 x float> %1250, float %824, i64 5
  %1252 = insertelement <8 x float> %1251, float %825, i64 6
  %1253 = insertelement <8 x float> %1252, float %826, i64 7
  %1254 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1102, <16 x half> %1216, <8 x float> %1253)
  %1255 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1104, <16 x half> %1218, <8 x float> %1254)
  %1256 = extractelement <8 x float> %1255, i64 0
  %1257 = extractelement <8 x float> %1255, i64 1
  %1258 = extractelement <8 x float> %1255, i64 2
  %1259 = extractelement <8 x float> %1255, i64 3
  %1260 = extractelement <8 x float> %1255, i64 4
  %1261 = extractelement <8 x float> %1255, i64 5
  %1262 = extractelement <8 x float> %1255, i64 6
  %1263 = extractelement <8 x float> %1255, i64 7
  %1264 = insertelement <8 x float> poison, float %827, i64 0
  %1265 = insertelement <8 x float> %1264, float %828, i64 1
  %1266 = insertelement <8 x float> %1265, float %829, i64 2
  %1267 = insertelement <8 x float> %1266, float %830, i64 3
  %1268 = insertelement <8 x float> %1267, float %831, i64 4
  %1269 = insertelement <8 x float> %1268, float %832, i64 5
  %1270 = insertelement <8 x float> %1269, float %833, i64 6
  %1271 = insertelement <8 x float> %1270, float %834, i64 7
  %1272 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1122, <16 x half> %1216, <8 x float> %1271)
  %1273 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1124, <16 x half> %1218, <8 x float> %1272)
  %1274 = extractelement <8 x float> %1273, i64 0
  %1275 = extractelement <8 x float> %1273, i64 1
  %1276 = extractelement <8 x float> %1273, i64 2
  %1277 = extractelement <8 x float> %1273, i64 3
  %1278 = extractelement <8 x float> %1273, i64 4
  %1279 = extractelement <8 x float> %1273, i64 5
  %1280 = extractelement <8 x float> %1273, i64 6
  %1281 = extractelement <8 x float> %1273, i64 7
  %1282 = insertelement <8 x float> poison, float %835, i64 0
  %1283 = insertelement <8 x float> %1282, float %836, i64 1
  %1284 = insertelement <8 x float> %1283, float %837, i64 2
  %1285 = insertelement <8 x float> %1284, float %838, i64 3
  %1286 = insertelement <8 x float> %1285, float %839, i64 4
  %1287 = insertelement <8 x float> %1286, float %840, i64 5
  %1288 = insertelement <8 x float> %1287, float %841, i64 6
  %1289 = insertelement <8 x float> %1288, float %842, i64 7
  %1290 = shufflevector <8 x half> %967, <8 x half> %971, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1291 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1061, <16 x half> %1290, <8 x float> %1289)
  %1292 = shufflevector <8 x half> %975, <8 x half> %979, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1293 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1064, <16 x half> %1292, <8 x float> %1291)
  %1294 = extractelement <8 x float> %1293, i64 0
  %1295 = extractelement <8 x float> %1293, i64 1
  %1296 = extractelement <8 x float> %1293, i64 2
  %1297 = extractelement <8 x float> %1293, i64 3
  %1298 = extractelement <8 x float> %1293, i64 4
  %1299 = extractelement <8 x float> %1293, i64 5
  %1300 = extractelement <8 x float> %1293, i64 6
  %1301 = extractelement <8 x float> %1293, i64 7
  %1302 = insertelement <8 x float> poison, float %843, i64 0
  %1303 = insertelement <8 x float> %1302, float %844, i64 1
  %1304 = insertelement <8 x float> %1303, float %845, i64 2
  %1305 = insertelement <8 x float> %1304, float %846, i64 3
  %1306 = insertelement <8 x float> %1305, float %847, i64 4
  %1307 = insertelement <8 x float> %1306, float %848, i64 5
  %1308 = insertelement <8 x float> %1307, float %849, i64 6
  %1309 = insertelement <8 x float> %1308, float %850, i64 7
  %1310 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1082, <16 x half> %1290, <8 x float> %1309)
  %1311 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1084, <16 x half> %1292, <8 x float> %1310)
  %1312 = extractelement <8 x float> %1311, i64 0
  %1313 = extractelement <8 x float> %1311, i64 1
  %1314 = extractelement <8 x float> %1311, i64 2
  %1315 = extractelement <8 x float> %1311, i64 3
  %1316 = extractelement <8 x float> %1311, i64 4
  %1317 = extractelement <8 x float> %1311, i64 5
  %1318 = extractelement <8 x float> %1311, i64 6
  %1319 = extractelement <8 x float> %1311, i64 7
  %1320 = insertelement <8 x float> poison, float %851, i64 0
  %1321 = insertelement <8 x float> %1320, float %852, i64 1
  %1322 = insertelement <8 x float> %1321, float %853, i64 2
  %1323 = insertelement <8 x float> %1322, float %854, i64 3
  %1324 = insertelement <8 x float> %1323, float %855, i64 4
  %1325 = insertelement <8 x float> %1324, float %856, i64 5
  %1326 = insertelement <8 x float> %1325, float %857, i64 6
  %1327 = insertelement <8 x float> %1326, float %858, i64 7
  %1328 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1102, <16 x half> %1290, <8 x float> %1327)
  %1329 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1104, <16 x half> %1292, <8 x float> %1328)
  %1330 = extractelement <8 x float> %1329, i64 0
  %1331 = extractelement <8 x float> %1329, i64 1
  %1332 = extractelement <8 x float> %1329, i64 2
  %1333 = extractelement <8 x float> %1329, i64 3
  %1334 = extractelement <8 x float> %1329, i64 4
  %1335 = extractelement <8 x float> %1329, i64 5
  %1336 = extractelement <8 x float> %1329, i64 6
  %1337 = extractelement <8 x float> %1329, i64 7
  %1338 = insertelement <8 x float> poison, float %859, i64 0
  %1339 = insertelement <8 x float> %1338, float %860, i64 1
  %1340 = insertelement <8 x float> %1339, float %861, i64 2
  %1341 = insertelement <8 x float> %1340, float %862, i64 3
  %1342 = insertelement <8 x float> %1341, float %863, i64 4
  %1343 = insertelement <8 x float> %1342, float %864, i64 5
  %1344 = insertelement <8 x float> %1343, float %865, i64 6
  %1345 = insertelement <8 x float> %1344, float %866, i64 7
  %1346 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1122, <16 x half> %1290, <8 x float> %1345)
  %1347 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1124, <16 x half> %1292, <8 x float> %1346)
  %1348 = extractelement <8 x float> %1347, i64 0
  %1349 = extractelement <8 x float> %1347, i64 1
  %1350 = extractelement <8 x float> %1347, i64 2
  %1351 = extractelement <8 x float> %1347, i64 3
  %1352 = extractelement <8 x float> %1347, i64 4
  %1353 = extractelement <8 x float> %1347, i64 5
  %1354 = extractelement <8 x float> %1347, i64 6
  %1355 = extractelement <8 x float> %1347, i64 7
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  store <1 x half> %932, ptr addrspace(3) %603, align 2
  store <1 x half> %934, ptr addrspace(3) %604, align 2
  store <1 x half> %936, ptr addrspace(3) %605, align 2
  store <1 x half> %938, ptr addrspace(3) %606, align 2
  store <1 x half> %940, ptr addrspace(3) %607, align 2
  store <1 x half> %942, ptr addrspace(3) %608, align 2
  store <1 x half> %944, ptr addrspace(3) %609, align 2
  store <1 x half> %946, ptr addrspace(3) %610, align 2
  store <1 x half> %948, ptr addrspace(3) %611, align 2
  store <1 x half> %950, ptr addrspace(3) %612, align 2
  store <1 x half> %952, ptr addrspace(3) %613, align 2
  store <1 x half> %954, ptr addrspace(3) %614, align 2
  store <1 x half> %956, ptr addrspace(3) %615, align 2
  store <1 x half> %958, ptr addrspace(3) %616, align 2
  store <1 x half> %960, ptr addrspace(3) %617, align 2
  store <1 x half> %962, ptr addrspace(3) %618, align 2
  store <1 x half> %933, ptr addrspace(3) %620, align 2
  store <1 x half> %935, ptr addrspace(3) %621, align 2
  store <1 x half> %937, ptr addrspace(3) %622, align 2
  store <1 x half> %939, ptr addrspace(3) %623, align 2
  store <1 x half> %941, ptr addrspace(3) %624, align 2
  store <1 x half> %943, ptr addrspace(3) %625, align 2
  store <1 x half> %945, ptr addrspace(3) %626, align 2
  store <1 x half> %947, ptr addrspace(3) %627, align 2
  store <1 x half> %949, ptr addrspace(3) %628, align 2
  store <1 x half> %951, ptr addrspace(3) %629, align 2
  store <1 x half> %953, ptr addrspace(3) %630, align 2
  store <1 x half> %955, ptr addrspace(3) %631, align 2
  store <1 x half> %957, ptr addrspace(3) %632, align 2
  store <1 x half> %959, ptr addrspace(3) %633, align 2
  store <1 x half> %961, ptr addrspace(3) %634, align 2
  store <1 x half> %963, ptr addrspace(3) %635, align 2
  %1356 = shufflevector <1 x half> %980, <1 x half> %981, <8 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1357 = shufflevector <8 x half> %1356, <8 x half> %983, <8 x i32> <i32 0, i32 1, i32 8, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1358 = shufflevector <8 x half> %1357, <8 x half> %985, <8 x i32> <i32 0, i32 1, i32 2, i32 8, i32 poison, i32 poison, i32 poison, i32 poison>
  %1359 = shufflevector <8 x half> %1358, <8 x half> %987, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 poison, i32 poison, i32 poison>
  %1360 = shufflevector <8 x half> %1359, <8 x half> %989, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 8, i32 poison, i32 poison>
  %1361 = shufflevector <8 x half> %1360, <8 x half> %991, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 8, i32 poison>
  %1362 = shufflevector <8 x half> %1361, <8 x half> %993, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 8>
  store <8 x half> %1362, ptr addrspace(3) %643, align 16
  %1363 = shufflevector <1 x half> %994, <1 x half> %995, <8 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1364 = shufflevector <8 x half> %1363, <8 x half> %997, <8 x i32> <i32 0, i32 1, i32 8, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1365 = shufflevector <8 x half> %1364, <8 x half> %999, <8 x i32> <i32 0, i32 1, i32 2, i32 8, i32 poison, i32 poison, i32 poison, i32 poison>
  %1366 = shufflevector <8 x half> %1365, <8 x half> %1001, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 poison, i32 poison, i32 poison>
  %1367 = shufflevector <8 x half> %1366, <8 x half> %1003, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 8, i32 poison, i32 poison>
  %1368 = shufflevector <8 x half> %1367, <8 x half> %1005, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 8, i32 poison>
  %1369 = shufflevector <8 x half> %1368, <8 x half> %1007, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 8>
  store <8 x half> %1369, ptr addrspace(3) %653, align 16
  %1370 = shufflevector <1 x half> %1008, <1 x half> %1009, <8 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1371 = shufflevector <8 x half> %1370, <8 x half> %1011, <8 x i32> <i32 0, i32 1, i32 8, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1372 = shufflevector <8 x half> %1371, <8 x half> %1013, <8 x i32> <i32 0, i32 1, i32 2, i32 8, i32 poison, i32 poison, i32 poison, i32 poison>
  %1373 = shufflevector <8 x half> %1372, <8 x half> %1015, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 poison, i32 poison, i32 poison>
  %1374 = shufflevector <8 x half> %1373, <8 x half> %1017, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 8, i32 poison, i32 poison>
  %1375 = shufflevector <8 x half> %1374, <8 x half> %1019, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 8, i32 poison>
  %1376 = shufflevector <8 x half> %1375, <8 x half> %1021, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 8>
  store <8 x half> %1376, ptr addrspace(3) %663, align 16
  %1377 = shufflevector <1 x half> %1022, <1 x half> %1023, <8 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1378 = shufflevector <8 x half> %1377, <8 x half> %1025, <8 x i32> <i32 0, i32 1, i32 8, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %1379 = shufflevector <8 x half> %1378, <8 x half> %1027, <8 x i32> <i32 0, i32 1, i32 2, i32 8, i32 poison, i32 poison, i32 poison, i32 poison>
  %1380 = shufflevector <8 x half> %1379, <8 x half> %1029, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 poison, i32 poison, i32 poison>
  %1381 = shufflevector <8 x half> %1380, <8 x half> %1031, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 8, i32 poison, i32 poison>
  %1382 = shufflevector <8 x half> %1381, <8 x half> %1033, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 8, i32 poison>
  %1383 = shufflevector <8 x half> %1382, <8 x half> %1035, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 8>
  store <8 x half> %1383, ptr addrspace(3) %673, align 16
  %1384 = add i32 %867, 32
  %1385 = icmp slt i32 %1384, %682
  br i1 %1385, label %738, label %._crit_edge

._crit_edge:                                      ; preds = %738, %596
  %1386 = phi float [ 0.000000e+00, %596 ], [ %1066, %738 ]
  %1387 = phi float [ 0.000000e+00, %596 ], [ %1067, %738 ]
  %1388 = phi float [ 0.000000e+00, %596 ], [ %1068, %738 ]
  %1389 = phi float [ 0.000000e+00, %596 ], [ %1069, %738 ]
  %1390 = phi float [ 0.000000e+00, %596 ], [ %1070, %738 ]
  %1391 = phi float [ 0.000000e+00, %596 ], [ %1071, %738 ]
  %1392 = phi float [ 0.000000e+00, %596 ], [ %1072, %738 ]
  %1393 = phi float [ 0.000000e+00, %596 ], [ %1073, %738 ]
  %1394 = phi float [ 0.000000e+00, %596 ], [ %1086, %738 ]
  %1395 = phi float [ 0.000000e+00, %596 ], [ %1087, %738 ]
  %1396 = phi float [ 0.000000e+00, %596 ], [ %1088, %738 ]
  %1397 = phi float [ 0.000000e+00, %596 ], [ %1089, %738 ]
  %1398 = phi float [ 0.000000e+00, %596 ], [ %1090, %738 ]
  %1399 = phi float [ 0.000000e+00, %596 ], [ %1091, %738 ]
  %1400 = phi float [ 0.000000e+00, %596 ], [ %1092, %738 ]
  %1401 = phi float [ 0.000000e+00, %596 ], [ %1093, %738 ]
  %1402 = phi float [ 0.000000e+00, %596 ], [ %1106, %738 ]
  %1403 = phi float [ 0.000000e+00, %596 ], [ %1107, %738 ]
  %1404 = phi float [ 0.000000e+00, %596 ], [ %1108, %738 ]
  %1405 = phi float [ 0.000000e+00, %596 ], [ %1109, %738 ]
  %1406 = phi float [ 0.000000e+00, %596 ], [ %1110, %738 ]
  %1407 = phi float [ 0.000000e+00, %596 ], [ %1111, %738 ]
  %1408 = phi float [ 0.000000e+00, %596 ], [ %1112, %738 ]
  %1409 = phi float [ 0.000000e+00, %596 ], [ %1113, %738 ]
  %1410 = phi float [ 0.000000e+00, %596 ], [ %1126, %738 ]
  %1411 = phi float [ 0.000000e+00, %596 ], [ %1127, %738 ]
  %1412 = phi float [ 0.000000e+00, %596 ], [ %1128, %738 ]
  %1413 = phi float [ 0.000000e+00, %596 ], [ %1129, %738 ]
  %1414 = phi float [ 0.000000e+00, %596 ], [ %1130, %738 ]
  %1415 = phi float [ 0.000000e+00, %596 ], [ %1131, %738 ]
  %1416 = phi float [ 0.000000e+00, %596 ], [ %1132, %738 ]
  %1417 = phi float [ 0.000000e+00, %596 ], [ %1133, %738 ]
  %1418 = phi float [ 0.000000e+00, %596 ], [ %1146, %738 ]
  %1419 = phi float [ 0.000000e+00, %596 ], [ %1147, %738 ]
  %1420 = phi float [ 0.000000e+00, %596 ], [ %1148, %738 ]
  %1421 = phi float [ 0.000000e+00, %596 ], [ %1149, %738 ]
  %1422 = phi float [ 0.000000e+00, %596 ], [ %1150, %738 ]
  %1423 = phi float [ 0.000000e+00, %596 ], [ %1151, %738 ]
  %1424 = phi float [ 0.000000e+00, %596 ], [ %1152, %738 ]
  %1425 = phi float [ 0.000000e+00, %596 ], [ %1153, %738 ]
  %1426 = phi float [ 0.000000e+00, %596 ], [ %1164, %738 ]
  %1427 = phi float [ 0.000000e+00, %596 ], [ %1165, %738 ]
  %1428 = phi float [ 0.000000e+00, %596 ], [ %1166, %738 ]
  %1429 = phi float [ 0.000000e+00, %596 ], [ %1167, %738 ]
  %1430 = phi float [ 0.000000e+00, %596 ], [ %1168, %738 ]
  %1431 = phi float [ 0.000000e+00, %596 ], [ %1169, %738 ]
  %1432 = phi float [ 0.000000e+00, %596 ], [ %1170, %738 ]
  %1433 = phi float [ 0.000000e+00, %596 ], [ %1171, %738 ]
  %1434 = phi float [ 0.000000e+00, %596 ], [ %1182, %738 ]
  %1435 = phi float [ 0.000000e+00, %596 ], [ %1183, %738 ]
  %1436 = phi float [ 0.000000e+00, %596 ], [ %1184, %738 ]
  %1437 = phi float [ 0.000000e+00, %596 ], [ %1185, %738 ]
  %1438 = phi float [ 0.000000e+00, %596 ], [ %1186, %738 ]
  %1439 = phi float [ 0.000000e+00, %596 ], [ %1187, %738 ]
  %1440 = phi float [ 0.000000e+00, %596 ], [ %1188, %738 ]
  %1441 = phi float [ 0.000000e+00, %596 ], [ %1189, %738 ]
  %1442 = phi float [ 0.000000e+00, %596 ], [ %1200, %738 ]
  %1443 = phi float [ 0.000000e+00, %596 ], [ %1201, %738 ]
  %1444 = phi float [ 0.000000e+00, %596 ], [ %1202, %738 ]
  %1445 = phi float [ 0.000000e+00, %596 ], [ %1203, %738 ]
  %1446 = phi float [ 0.000000e+00, %596 ], [ %1204, %738 ]
  %1447 = phi float [ 0.000000e+00, %596 ], [ %1205, %738 ]
  %1448 = phi float [ 0.000000e+00, %596 ], [ %1206, %738 ]
  %1449 = phi float [ 0.000000e+00, %596 ], [ %1207, %738 ]
  %1450 = phi float [ 0.000000e+00, %596 ], [ %1220, %738 ]
  %1451 = phi float [ 0.000000e+00, %596 ], [ %1221, %738 ]
  %1452 = phi float [ 0.000000e+00, %596 ], [ %1222, %738 ]
  %1453 = phi float [ 0.000000e+00, %596 ], [ %1223, %738 ]
  %1454 = phi float [ 0.000000e+00, %596 ], [ %1224, %738 ]
  %1455 = phi float [ 0.000000e+00, %596 ], [ %1225, %738 ]
  %1456 = phi float [ 0.000000e+00, %596 ], [ %1226, %738 ]
  %1457 = phi float [ 0.000000e+00, %596 ], [ %1227, %738 ]
  %1458 = phi float [ 0.000000e+00, %596 ], [ %1238, %738 ]
  %1459 = phi float [ 0.000000e+00, %596 ], [ %1239, %738 ]
  %1460 = phi float [ 0.000000e+00, %596 ], [ %1240, %738 ]
  %1461 = phi float [ 0.000000e+00, %596 ], [ %1241, %738 ]
  %1462 = phi float [ 0.000000e+00, %596 ], [ %1242, %738 ]
  %1463 = phi float [ 0.000000e+00, %596 ], [ %1243, %738 ]
  %1464 = phi float [ 0.000000e+00, %596 ], [ %1244, %738 ]
  %1465 = phi float [ 0.000000e+00, %596 ], [ %1245, %738 ]
  %1466 = phi float [ 0.000000e+00, %596 ], [ %1256, %738 ]
  %1467 = phi float [ 0.000000e+00, %596 ], [ %1257, %738 ]
  %1468 = phi float [ 0.000000e+00, %596 ], [ %1258, %738 ]
  %1469 = phi float [ 0.000000e+00, %596 ], [ %1259, %738 ]
  %1470 = phi float [ 0.000000e+00, %596 ], [ %1260, %738 ]
  %1471 = phi float [ 0.000000e+00, %596 ], [ %1261, %738 ]
  %1472 = phi float [ 0.000000e+00, %596 ], [ %1262, %738 ]
  %1473 = phi float [ 0.000000e+00, %596 ], [ %1263, %738 ]
  %1474 = phi float [ 0.000000e+00, %596 ], [ %1274, %738 ]
  %1475 = phi float [ 0.000000e+00, %596 ], [ %1275, %738 ]
  %1476 = phi float [ 0.000000e+00, %596 ], [ %1276, %738 ]
  %1477 = phi float [ 0.000000e+00, %596 ], [ %1277, %738 ]
  %1478 = phi float [ 0.000000e+00, %596 ], [ %1278, %738 ]
  %1479 = phi float [ 0.000000e+00, %596 ], [ %1279, %738 ]
  %1480 = phi float [ 0.000000e+00, %596 ], [ %1280, %738 ]
  %1481 = phi float [ 0.000000e+00, %596 ], [ %1281, %738 ]
  %1482 = phi float [ 0.000000e+00, %596 ], [ %1294, %738 ]
  %1483 = phi float [ 0.000000e+00, %596 ], [ %1295, %738 ]
  %1484 = phi float [ 0.000000e+00, %596 ], [ %1296, %738 ]
  %1485 = phi float [ 0.000000e+00, %596 ], [ %1297, %738 ]
  %1486 = phi float [ 0.000000e+00, %596 ], [ %1298, %738 ]
  %1487 = phi float [ 0.000000e+00, %596 ], [ %1299, %738 ]
  %1488 = phi float [ 0.000000e+00, %596 ], [ %1300, %738 ]
  %1489 = phi float [ 0.000000e+00, %596 ], [ %1301, %738 ]
  %1490 = phi float [ 0.000000e+00, %596 ], [ %1312, %738 ]
  %1491 = phi float [ 0.000000e+00, %596 ], [ %1313, %738 ]
  %1492 = phi float [ 0.000000e+00, %596 ], [ %1314, %738 ]
  %1493 = phi float [ 0.000000e+00, %596 ], [ %1315, %738 ]
  %1494 = phi float [ 0.000000e+00, %596 ], [ %1316, %738 ]
  %1495 = phi float [ 0.000000e+00, %596 ], [ %1317, %738 ]
  %1496 = phi float [ 0.000000e+00, %596 ], [ %1318, %738 ]
  %1497 = phi float [ 0.000000e+00, %596 ], [ %1319, %738 ]
  %1498 = phi float [ 0.000000e+00, %596 ], [ %1330, %738 ]
  %1499 = phi float [ 0.000000e+00, %596 ], [ %1331, %738 ]
  %1500 = phi float [ 0.000000e+00, %596 ], [ %1332, %738 ]
  %1501 = phi float [ 0.000000e+00, %596 ], [ %1333, %738 ]
  %1502 = phi float [ 0.000000e+00, %596 ], [ %1334, %738 ]
  %1503 = phi float [ 0.000000e+00, %596 ], [ %1335, %738 ]
  %1504 = phi float [ 0.000000e+00, %596 ], [ %1336, %738 ]
  %1505 = phi float [ 0.000000e+00, %596 ], [ %1337, %738 ]
  %1506 = phi float [ 0.000000e+00, %596 ], [ %1348, %738 ]
  %1507 = phi float [ 0.000000e+00, %596 ], [ %1349, %738 ]
  %1508 = phi float [ 0.000000e+00, %596 ], [ %1350, %738 ]
  %1509 = phi float [ 0.000000e+00, %596 ], [ %1351, %738 ]
  %1510 = phi float [ 0.000000e+00, %596 ], [ %1352, %738 ]
  %1511 = phi float [ 0.000000e+00, %596 ], [ %1353, %738 ]
  %1512 = phi float [ 0.000000e+00, %596 ], [ %1354, %738 ]
  %1513 = phi float [ 0.000000e+00, %596 ], [ %1355, %738 ]
  %1514 = add i32 %5, 31
  %1515 = icmp sgt i32 %1514, 31
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %1515, label %1516, label %._crit_edge._crit_edge

1516:                                             ; preds = %._crit_edge
  %1517 = shl nuw nsw i32 %9, 6
  %1518 = and i32 %1517, 448
  %1519 = or disjoint i32 %1518, %638
  %1520 = and i32 %9, 8
  %1521 = icmp eq i32 %1520, 0
  %1522 = select i1 %1521, i32 0, i32 528
  %1523 = icmp eq i32 %19, 0
  %1524 = select i1 %1523, i32 0, i32 1056
  %1525 = or disjoint i32 %1524, %1522
  %1526 = xor i32 %1525, %1519
  %1527 = xor i32 %1526, 48
  %1528 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %1527
  %1529 = getelementptr inbounds nuw i8, ptr addrspace(3) %1528, i32 6144
  %1530 = load <8 x half>, ptr addrspace(3) %1529, align 16
  %1531 = getelementptr inbounds nuw i8, ptr addrspace(3) %1528, i32 4096
  %1532 = load <8 x half>, ptr addrspace(3) %1531, align 16
  %1533 = getelementptr inbounds nuw i8, ptr addrspace(3) %1528, i32 2048
  %1534 = load <8 x half>, ptr addrspace(3) %1533, align 16
  %1535 = load <8 x half>, ptr addrspace(3) %1528, align 16
  %1536 = xor i32 %1526, 32
  %1537 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %1536
  %1538 = getelementptr inbounds nuw i8, ptr addrspace(3) %1537, i32 6144
  %1539 = load <8 x half>, ptr addrspace(3) %1538, align 16
  %1540 = getelementptr inbounds nuw i8, ptr addrspace(3) %1537, i32 4096
  %1541 = load <8 x half>, ptr addrspace(3) %1540, align 16
  %1542 = getelementptr inbounds nuw i8, ptr addrspace(3) %1537, i32 2048
  %1543 = load <8 x half>, ptr addrspace(3) %1542, align 16
  %1544 = load <8 x half>, ptr addrspace(3) %1537, align 16
  %1545 = xor i32 %1526, 16
  %1546 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %1545
  %1547 = getelementptr inbounds nuw i8, ptr addrspace(3) %1546, i32 6144
  %1548 = load <8 x half>, ptr addrspace(3) %1547, align 16
  %1549 = getelementptr inbounds nuw i8, ptr addrspace(3) %1546, i32 4096
  %1550 = load <8 x half>, ptr addrspace(3) %1549, align 16
  %1551 = getelementptr inbounds nuw i8, ptr addrspace(3) %1546, i32 2048
  %1552 = load <8 x half>, ptr addrspace(3) %1551, align 16
  %1553 = load <8 x half>, ptr addrspace(3) %1546, align 16
  %1554 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %1526
  %1555 = getelementptr inbounds nuw i8, ptr addrspace(3) %1554, i32 6144
  %1556 = load <8 x half>, ptr addrspace(3) %1555, align 16
  %1557 = getelementptr inbounds nuw i8, ptr addrspace(3) %1554, i32 4096
  %1558 = load <8 x half>, ptr addrspace(3) %1557, align 16
  %1559 = getelementptr inbounds nuw i8, ptr addrspace(3) %1554, i32 2048
  %1560 = load <8 x half>, ptr addrspace(3) %1559, align 16
  %1561 = load <8 x half>, ptr addrspace(3) %1554, align 16
  %1562 = shl nuw nsw i32 %17, 6
  %1563 = shl nuw nsw i32 %18, 4
  %1564 = or disjoint i32 %1563, %1562
  %1565 = or disjoint i32 %1564, %638
  %1566 = xor i32 %1565, 48
  %1567 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1566
  %1568 = getelementptr inbounds nuw i8, ptr addrspace(3) %1567, i32 6144
  %1569 = load <8 x half>, ptr addrspace(3) %1568, align 16
  %1570 = getelementptr inbounds nuw i8, ptr addrspace(3) %1567, i32 4096
  %1571 = load <8 x half>, ptr addrspace(3) %1570, align 16
  %1572 = getelementptr inbounds nuw i8, ptr addrspace(3) %1567, i32 2048
  %1573 = load <8 x half>, ptr addrspace(3) %1572, align 16
  %1574 = load <8 x half>, ptr addrspace(3) %1567, align 16
  %1575 = xor i32 %1565, 32
  %1576 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1575
  %1577 = getelementptr inbounds nuw i8, ptr addrspace(3) %1576, i32 6144
  %1578 = load <8 x half>, ptr addrspace(3) %1577, align 16
  %1579 = getelementptr inbounds nuw i8, ptr addrspace(3) %1576, i32 4096
  %1580 = load <8 x half>, ptr addrspace(3) %1579, align 16
  %1581 = getelementptr inbounds nuw i8, ptr addrspace(3) %1576, i32 2048
  %1582 = load <8 x half>, ptr addrspace(3) %1581, align 16
  %1583 = load <8 x half>, ptr addrspace(3) %1576, align 16
  %1584 = xor i32 %1565, 16
  %1585 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1584
  %1586 = getelementptr inbounds nuw i8, ptr addrspace(3) %1585, i32 6144
  %1587 = load <8 x half>, ptr addrspace(3) %1586, align 16
  %1588 = getelementptr inbounds nuw i8, ptr addrspace(3) %1585, i32 4096
  %1589 = load <8 x half>, ptr addrspace(3) %1588, align 16
  %1590 = getelementptr inbounds nuw i8, ptr addrspace(3) %1585, i32 2048
  %1591 = load <8 x half>, ptr addrspace(3) %1590, align 16
  %1592 = load <8 x half>, ptr addrspace(3) %1585, align 16
  %1593 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1565
  %1594 = getelementptr inbounds nuw i8, ptr addrspace(3) %1593, i32 6144
  %1595 = load <8 x half>, ptr addrspace(3) %1594, align 16
  %1596 = getelementptr inbounds nuw i8, ptr addrspace(3) %1593, i32 4096
  %1597 = load <8 x half>, ptr addrspace(3) %1596, align 16
  %1598 = getelementptr inbounds nuw i8, ptr addrspace(3) %1593, i32 2048
  %1599 = load <8 x half>, ptr addrspace(3) %1598, align 16
  %1600 = load <8 x half>, ptr addrspace(3) %1593, align 16
  %1601 = insertelement <8 x float> poison, float %1386, i64 0
  %1602 = insertelement <8 x float> %1601, float %1387, i64 1
  %1603 = insertelement <8 x float> %1602, float %1388, i64 2
  %1604 = insertelement <8 x float> %1603, float %1389, i64 3
  %1605 = insertelement <8 x float> %1604, float %1390, i64 4
  %1606 = insertelement <8 x float> %1605, float %1391, i64 5
  %1607 = insertelement <8 x float> %1606, float %1392, i64 6
  %1608 = insertelement <8 x float> %1607, float %1393, i64 7
  %1609 = shufflevector <8 x half> %1600, <8 x half> %1592, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1610 = shufflevector <8 x half> %1561, <8 x half> %1553, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1611 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1610, <16 x half> %1609, <8 x float> %1608)
  %1612 = shufflevector <8 x half> %1583, <8 x half> %1574, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1613 = shufflevector <8 x half> %1544, <8 x half> %1535, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1614 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1613, <16 x half> %1612, <8 x float> %1611)
  %1615 = extractelement <8 x float> %1614, i64 0
  %1616 = extractelement <8 x float> %1614, i64 1
  %1617 = extractelement <8 x float> %1614, i64 2
  %1618 = extractelement <8 x float> %1614, i64 3
  %1619 = extractelement <8 x float> %1614, i64 4
  %1620 = extractelement <8 x float> %1614, i64 5
  %1621 = extractelement <8 x float> %1614, i64 6
  %1622 = extractelement <8 x float> %1614, i64 7
  %1623 = insertelement <8 x float> poison, float %1394, i64 0
  %1624 = insertelement <8 x float> %1623, float %1395, i64 1
  %1625 = insertelement <8 x float> %1624, float %1396, i64 2
  %1626 = insertelement <8 x float> %1625, float %1397, i64 3
  %1627 = insertelement <8 x float> %1626, float %1398, i64 4
  %1628 = insertelement <8 x float> %1627, float %1399, i64 5
  %1629 = insertelement <8 x float> %1628, float %1400, i64 6
  %1630 = insertelement <8 x float> %1629, float %1401, i64 7
  %1631 = shufflevector <8 x half> %1560, <8 x half> %1552, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1632 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1631, <16 x half> %1609, <8 x float> %1630)
  %1633 = shufflevector <8 x half> %1543, <8 x half> %1534, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1634 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1633, <16 x half> %1612, <8 x float> %1632)
  %1635 = extractelement <8 x float> %1634, i64 0
  %1636 = extractelement <8 x float> %1634, i64 1
  %1637 = extractelement <8 x float> %1634, i64 2
  %1638 = extractelement <8 x float> %1634, i64 3
  %1639 = extractelement <8 x float> %1634, i64 4
  %1640 = extractelement <8 x float> %1634, i64 5
  %1641 = extractelement <8 x float> %1634, i64 6
  %1642 = extractelement <8 x float> %1634, i64 7
  %1643 = insertelement <8 x float> poison, float %1402, i64 0
  %1644 = insertelement <8 x float> %1643, float %1403, i64 1
  %1645 = insertelement <8 x float> %1644, float %1404, i64 2
  %1646 = insertelement <8 x float> %1645, float %1405, i64 3
  %1647 = insertelement <8 x float> %1646, float %1406, i64 4
  %1648 = insertelement <8 x float> %1647, float %1407, i64 5
  %1649 = insertelement <8 x float> %1648, float %1408, i64 6
  %1650 = insertelement <8 x float> %1649, float %1409, i64 7
  %1651 = shufflevector <8 x half> %1558, <8 x half> %1550, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1652 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1651, <16 x half> %1609, <8 x float> %1650)
  %1653 = shufflevector <8 x half> %1541, <8 x half> %1532, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1654 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1653, <16 x half> %1612, <8 x float> %1652)
  %1655 = extractelement <8 x float> %1654, i64 0
  %1656 = extractelement <8 x float> %1654, i64 1
  %1657 = extractelement <8 x float> %1654, i64 2
  %1658 = extractelement <8 x float> %1654, i64 3
  %1659 = extractelement <8 x float> %1654, i64 4
  %1660 = extractelement <8 x float> %1654, i64 5
  %1661 = extractelement <8 x float> %1654, i64 6
  %1662 = extractelement <8 x float> %1654, i64 7
  %1663 = insertelement <8 x float> poison, float %1410, i64 0
  %1664 = insertelement <8 x float> %1663, float %1411, i64 1
  %1665 = insertelement <8 x float> %1664, float %1412, i64 2
  %1666 = insertelement <8 x float> %1665, float %1413, i64 3
  %1667 = insertelement <8 x float> %1666, float %1414, i64 4
  %1668 = insertelement <8 x float> %1667, float %1415, i64 5
  %1669 = insertelement <8 x float> %1668, float %1416, i64 6
  %1670 = insertelement <8 x float> %1669, float %1417, i64 7
  %1671 = shufflevector <8 x half> %1556, <8 x half> %1548, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1672 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1671, <16 x half> %1609, <8 x float> %1670)
  %1673 = shufflevector <8 x half> %1539, <8 x half> %1530, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1674 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1673, <16 x half> %1612, <8 x float> %1672)
  %1675 = extractelement <8 x float> %1674, i64 0
  %1676 = extractelement <8 x float> %1674, i64 1
  %1677 = extractelement <8 x float> %1674, i64 2
  %1678 = extractelement <8 x float> %1674, i64 3
  %1679 = extractelement <8 x float> %1674, i64 4
  %1680 = extractelement <8 x float> %1674, i64 5
  %1681 = extractelement <8 x float> %1674, i64 6
  %1682 = extractelement <8 x float> %1674, i64 7
  %1683 = insertelement <8 x float> poison, float %1418, i64 0
  %1684 = insertelement <8 x float> %1683, float %1419, i64 1
  %1685 = insertelement <8 x float> %1684, float %1420, i64 2
  %1686 = insertelement <8 x float> %1685, float %1421, i64 3
  %1687 = insertelement <8 x float> %1686, float %1422, i64 4
  %1688 = insertelement <8 x float> %1687, float %1423, i64 5
  %1689 = insertelement <8 x float> %1688, float %1424, i64 6
  %1690 = insertelement <8 x float> %1689, float %1425, i64 7
  %1691 = shufflevector <8 x half> %1599, <8 x half> %1591, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1692 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1610, <16 x half> %1691, <8 x float> %1690)
  %1693 = shufflevector <8 x half> %1582, <8 x half> %1573, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1694 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1613, <16 x half> %1693, <8 x float> %1692)
  %1695 = extractelement <8 x float> %1694, i64 0
  %1696 = extractelement <8 x float> %1694, i64 1
  %1697 = extractelement <8 x float> %1694, i64 2
  %1698 = extractelement <8 x float> %1694, i64 3
  %1699 = extractelement <8 x float> %1694, i64 4
  %1700 = extractelement <8 x float> %1694, i64 5
  %1701 = extractelement <8 x float> %1694, i64 6
  %1702 = extractelement <8 x float> %1694, i64 7
  %1703 = insertelement <8 x float> poison, float %1426, i64 0
  %1704 = insertelement <8 x float> %1703, float %1427, i64 1
  %1705 = insertelement <8 x float> %1704, float %1428, i64 2
  %1706 = insertelement <8 x float> %1705, float %1429, i64 3
  %1707 = insertelement <8 x float> %1706, float %1430, i64 4
  %1708 = insertelement <8 x float> %1707, float %1431, i64 5
  %1709 = insertelement <8 x float> %1708, float %1432, i64 6
  %1710 = insertelement <8 x float> %1709, float %1433, i64 7
  %1711 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1631, <16 x half> %1691, <8 x float> %1710)
  %1712 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1633, <16 x half> %1693, <8 x float> %1711)
  %1713 = extractelement <8 x float> %1712, i64 0
  %1714 = extractelement <8 x float> %1712, i64 1
  %1715 = extractelement <8 x float> %1712, i64 2
  %1716 = extractelement <8 x float> %1712, i64 3
  %1717 = extractelement <8 x float> %1712, i64 4
  %1718 = extractelement <8 x float> %1712, i64 5
  %1719 = extractelement <8 x float> %1712, i64 6
  %1720 = extractelement <8 x float> %1712, i64 7
  %1721 = insertelement <8 x float> poison, float %1434, i64 0
  %1722 = insertelement <8 x float> %1721, float %1435, i64 1
  %1723 = insertelement <8 x float> %1722, float %1436, i64 2
  %1724 = insertelement <8 x float> %1723, float %1437, i64 3
  %1725 = insertelement <8 x float> %1724, float %1438, i64 4
  %1726 = insertelement <8 x float> %1725, float %1439, i64 5
  %1727 = insertelement <8 x float> %1726, float %1440, i64 6
  %1728 = insertelement <8 x float> %1727, float %1441, i64 7
  %1729 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1651, <16 x half> %1691, <8 x float> %1728)
  %1730 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1653, <16 x half> %1693, <8 x float> %1729)
  %1731 = extractelement <8 x float> %1730, i64 0
  %1732 = extractelement <8 x float> %1730, i64 1
  %1733 = extractelement <8 x float> %1730, i64 2
  %1734 = extractelement <8 x float> %1730, i64 3
  %1735 = extractelement <8 x float> %1730, i64 4
  %1736 = extractelement <8 x float> %1730, i64 5
  %1737 = extractelement <8 x float> %1730, i64 6
  %1738 = extractelement <8 x float> %1730, i64 7
  %1739 = insertelement <8 x float> poison, float %1442, i64 0
  %1740 = insertelement <8 x float> %1739, float %1443, i64 1
  %1741 = insertelement <8 x float> %1740, float %1444, i64 2
  %1742 = insertelement <8 x float> %1741, float %1445, i64 3
  %1743 = insertelement <8 x float> %1742, float %1446, i64 4
  %1744 = insertelement <8 x float> %1743, float %1447, i64 5
  %1745 = insertelement <8 x float> %1744, float %1448, i64 6
  %1746 = insertelement <8 x float> %1745, float %1449, i64 7
  %1747 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1671, <16 x half> %1691, <8 x float> %1746)
  %1748 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1673, <16 x half> %1693, <8 x float> %1747)
  %1749 = extractelement <8 x float> %1748, i64 0
  %1750 = extractelement <8 x float> %1748, i64 1
  %1751 = extractelement <8 x float> %1748, i64 2
  %1752 = extractelement <8 x float> %1748, i64 3
  %1753 = extractelement <8 x float> %1748, i64 4
  %1754 = extractelement <8 x float> %1748, i64 5
  %1755 = extractelement <8 x float> %1748, i64 6
  %1756 = extractelement <8 x float> %1748, i64 7
  %1757 = insertelement <8 x float> poison, float %1450, i64 0
  %1758 = insertelement <8 x float> %1757, float %1451, i64 1
  %1759 = insertelement <8 x float> %1758, float %1452, i64 2
  %1760 = insertelement <8 x float> %1759, float %1453, i64 3
  %1761 = insertelement <8 x float> %1760, float %1454, i64 4
  %1762 = insertelement <8 x float> %1761, float %1455, i64 5
  %1763 = insertelement <8 x float> %1762, float %1456, i64 6
  %1764 = insertelement <8 x float> %1763, float %1457, i64 7
  %1765 = shufflevector <8 x half> %1597, <8 x half> %1589, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1766 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1610, <16 x half> %1765, <8 x float> %1764)
  %1767 = shufflevector <8 x half> %1580, <8 x half> %1571, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1768 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1613, <16 x half> %1767, <8 x float> %1766)
  %1769 = extractelement <8 x float> %1768, i64 0
  %1770 = extractelement <8 x float> %1768, i64 1
  %1771 = extractelement <8 x float> %1768, i64 2
  %1772 = extractelement <8 x float> %1768, i64 3
  %1773 = extractelement <8 x float> %1768, i64 4
  %1774 = extractelement <8 x float> %1768, i64 5
  %1775 = extractelement <8 x float> %1768, i64 6
  %1776 = extractelement <8 x float> %1768, i64 7
  %1777 = insertelement <8 x float> poison, float %1458, i64 0
  %1778 = insertelement <8 x float> %1777, float %1459, i64 1
  %1779 = insertelement <8 x float> %1778, float %1460, i64 2
  %1780 = insertelement <8 x float> %1779, float %1461, i64 3
  %1781 = insertelement <8 x float> %1780, float %1462, i64 4
  %1782 = insertelement <8 x float> %1781, float %1463, i64 5
  %1783 = insertelement <8 x float> %1782, float %1464, i64 6
  %1784 = insertelement <8 x float> %1783, float %1465, i64 7
  %1785 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1631, <16 x half> %1765, <8 x float> %1784)
  %1786 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1633, <16 x half> %1767, <8 x float> %1785)
  %1787 = extractelement <8 x float> %1786, i64 0
  %1788 = extractelement <8 x float> %1786, i64 1
  %1789 = extractelement <8 x float> %1786, i64 2
  %1790 = extractelement <8 x float> %1786, i64 3
  %1791 = extractelement <8 x float> %1786, i64 4
  %1792 = extractelement <8 x float> %1786, i64 5
  %1793 = extractelement <8 x float> %1786, i64 6
  %1794 = extractelement <8 x float> %1786, i64 7
  %1795 = insertelement <8 x float> poison, float %1466, i64 0
  %1796 = insertelement <8 x float> %1795, float %1467, i64 1
  %1797 = insertelement <8 x float> %1796, float %1468, i64 2
  %1798 = insertelement <8 x float> %1797, float %1469, i64 3
  %1799 = insertelement <8 x float> %1798, float %1470, i64 4
  %1800 = insertelement <8 x float> %1799, float %1471, i64 5
  %1801 = insertelement <8 x float> %1800, float %1472, i64 6
  %1802 = insertelement <8 x float> %1801, float %1473, i64 7
  %1803 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1651, <16 x half> %1765, <8 x float> %1802)
  %1804 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1653, <16 x half> %1767, <8 x float> %1803)
  %1805 = extractelement <8 x float> %1804, i64 0
  %1806 = extractelement <8 x float> %1804, i64 1
  %1807 = extractelement <8 x float> %1804, i64 2
  %1808 = extractelement <8 x float> %1804, i64 3
  %1809 = extractelement <8 x float> %1804, i64 4
  %1810 = extractelement <8 x float> %1804, i64 5
  %1811 = extractelement <8 x float> %1804, i64 6
  %1812 = extractelement <8 x float> %1804, i64 7
  %1813 = insertelement <8 x float> poison, float %1474, i64 0
  %1814 = insertelement <8 x float> %1813, float %1475, i64 1
  %1815 = insertelement <8 x float> %1814, float %1476, i64 2
  %1816 = insertelement <8 x float> %1815, float %1477, i64 3
  %1817 = insertelement <8 x float> %1816, float %1478, i64 4
  %1818 = insertelement <8 x float> %1817, float %1479, i64 5
  %1819 = insertelement <8 x float> %1818, float %1480, i64 6
  %1820 = insertelement <8 x float> %1819, float %1481, i64 7
  %1821 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1671, <16 x half> %1765, <8 x float> %1820)
  %1822 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1673, <16 x half> %1767, <8 x float> %1821)
  %1823 = extractelement <8 x float> %1822, i64 0
  %1824 = extractelement <8 x float> %1822, i64 1
  %1825 = extractelement <8 x float> %1822, i64 2
  %1826 = extractelement <8 x float> %1822, i64 3
  %1827 = extractelement <8 x float> %1822, i64 4
  %1828 = extractelement <8 x float> %1822, i64 5
  %1829 = extractelement <8 x float> %1822, i64 6
  %1830 = extractelement <8 x float> %1822, i64 7
  %1831 = insertelement <8 x float> poison, float %1482, i64 0
  %1832 = insertelement <8 x float> %1831, float %1483, i64 1
  %1833 = insertelement <8 x float> %1832, float %1484, i64 2
  %1834 = insertelement <8 x float> %1833, float %1485, i64 3
  %1835 = insertelement <8 x float> %1834, float %1486, i64 4
  %1836 = insertelement <8 x float> %1835, float %1487, i64 5
  %1837 = insertelement <8 x float> %1836, float %1488, i64 6
  %1838 = insertelement <8 x float> %1837, float %1489, i64 7
  %1839 = shufflevector <8 x half> %1595, <8 x half> %1587, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1840 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1610, <16 x half> %1839, <8 x float> %1838)
  %1841 = shufflevector <8 x half> %1578, <8 x half> %1569, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %1842 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1613, <16 x half> %1841, <8 x float> %1840)
  %1843 = extractelement <8 x float> %1842, i64 0
  %1844 = extractelement <8 x float> %1842, i64 1
  %1845 = extractelement <8 x float> %1842, i64 2
  %1846 = extractelement <8 x float> %1842, i64 3
  %1847 = extractelement <8 x float> %1842, i64 4
  %1848 = extractelement <8 x float> %1842, i64 5
  %1849 = extractelement <8 x float> %1842, i64 6
  %1850 = extractelement <8 x float> %1842, i64 7
  %1851 = insertelement <8 x float> poison, float %1490, i64 0
  %1852 = insertelement <8 x float> %1851, float %1491, i64 1
  %1853 = insertelement <8 x float> %1852, float %1492, i64 2
  %1854 = insertelement <8 x float> %1853, float %1493, i64 3
  %1855 = insertelement <8 x float> %1854, float %1494, i64 4
  %1856 = insertelement <8 x float> %1855, float %1495, i64 5
  %1857 = insertelement <8 x float> %1856, float %1496, i64 6
  %1858 = insertelement <8 x float> %1857, float %1497, i64 7
  %1859 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1631, <16 x half> %1839, <8 x float> %1858)
  %1860 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1633, <16 x half> %1841, <8 x float> %1859)
  %1861 = extractelement <8 x float> %1860, i64 0
  %1862 = extractelement <8 x float> %1860, i64 1
  %1863 = extractelement <8 x float> %1860, i64 2
  %1864 = extractelement <8 x float> %1860, i64 3
  %1865 = extractelement <8 x float> %1860, i64 4
  %1866 = extractelement <8 x float> %1860, i64 5
  %1867 = extractelement <8 x float> %1860, i64 6
  %1868 = extractelement <8 x float> %1860, i64 7
  %1869 = insertelement <8 x float> poison, float %1498, i64 0
  %1870 = insertelement <8 x float> %1869, float %1499, i64 1
  %1871 = insertelement <8 x float> %1870, float %1500, i64 2
  %1872 = insertelement <8 x float> %1871, float %1501, i64 3
  %1873 = insertelement <8 x float> %1872, float %1502, i64 4
  %1874 = insertelement <8 x float> %1873, float %1503, i64 5
  %1875 = insertelement <8 x float> %1874, float %1504, i64 6
  %1876 = insertelement <8 x float> %1875, float %1505, i64 7
  %1877 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1651, <16 x half> %1839, <8 x float> %1876)
  %1878 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1653, <16 x half> %1841, <8 x float> %1877)
  %1879 = extractelement <8 x float> %1878, i64 0
  %1880 = extractelement <8 x float> %1878, i64 1
  %1881 = extractelement <8 x float> %1878, i64 2
  %1882 = extractelement <8 x float> %1878, i64 3
  %1883 = extractelement <8 x float> %1878, i64 4
  %1884 = extractelement <8 x float> %1878, i64 5
  %1885 = extractelement <8 x float> %1878, i64 6
  %1886 = extractelement <8 x float> %1878, i64 7
  %1887 = insertelement <8 x float> poison, float %1506, i64 0
  %1888 = insertelement <8 x float> %1887, float %1507, i64 1
  %1889 = insertelement <8 x float> %1888, float %1508, i64 2
  %1890 = insertelement <8 x float> %1889, float %1509, i64 3
  %1891 = insertelement <8 x float> %1890, float %1510, i64 4
  %1892 = insertelement <8 x float> %1891, float %1511, i64 5
  %1893 = insertelement <8 x float> %1892, float %1512, i64 6
  %1894 = insertelement <8 x float> %1893, float %1513, i64 7
  %1895 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1671, <16 x half> %1839, <8 x float> %1894)
  %1896 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %1673, <16 x half> %1841, <8 x float> %1895)
  %1897 = extractelement <8 x float> %1896, i64 0
  %1898 = extractelement <8 x float> %1896, i64 1
  %1899 = extractelement <8 x float> %1896, i64 2
  %1900 = extractelement <8 x float> %1896, i64 3
  %1901 = extractelement <8 x float> %1896, i64 4
  %1902 = extractelement <8 x float> %1896, i64 5
  %1903 = extractelement <8 x float> %1896, i64 6
  %1904 = extractelement <8 x float> %1896, i64 7
  br label %._crit_edge._crit_edge

._crit_edge._crit_edge:                           ; preds = %1516, %._crit_edge
  %1905 = phi float [ %1904, %1516 ], [ %1513, %._crit_edge ]
  %1906 = phi float [ %1903, %1516 ], [ %1512, %._crit_edge ]
  %1907 = phi float [ %1902, %1516 ], [ %1511, %._crit_edge ]
  %1908 = phi float [ %1901, %1516 ], [ %1510, %._crit_edge ]
  %1909 = phi float [ %1900, %1516 ], [ %1509, %._crit_edge ]
  %1910 = phi float [ %1899, %1516 ], [ %1508, %._crit_edge ]
  %1911 = phi float [ %1898, %1516 ], [ %1507, %._crit_edge ]
  %1912 = phi float [ %1897, %1516 ], [ %1506, %._crit_edge ]
  %1913 = phi float [ %1886, %1516 ], [ %1505, %._crit_edge ]
  %1914 = phi float [ %1885, %1516 ], [ %1504, %._crit_edge ]
  %1915 = phi float [ %1884, %1516 ], [ %1503, %._crit_edge ]
  %1916 = phi float [ %1883, %1516 ], [ %1502, %._crit_edge ]
  %1917 = phi float [ %1882, %1516 ], [ %1501, %._crit_edge ]
  %1918 = phi float [ %1881, %1516 ], [ %1500, %._crit_edge ]
  %1919 = phi float [ %1880, %1516 ], [ %1499, %._crit_edge ]
  %1920 = phi float [ %1879, %1516 ], [ %1498, %._crit_edge ]
  %1921 = phi float [ %1868, %1516 ], [ %1497, %._crit_edge ]
  %1922 = phi float [ %1867, %1516 ], [ %1496, %._crit_edge ]
  %1923 = phi float [ %1866, %1516 ], [ %1495, %._crit_edge ]
  %1924 = phi float [ %1865, %1516 ], [ %1494, %._crit_edge ]
  %1925 = phi float [ %1864, %1516 ], [ %1493, %._crit_edge ]
  %1926 = phi float [ %1863, %1516 ], [ %1492, %._crit_edge ]
  %1927 = phi float [ %1862, %1516 ], [ %1491, %._crit_edge ]
  %1928 = phi float [ %1861, %1516 ], [ %1490, %._crit_edge ]
  %1929 = phi float [ %1850, %1516 ], [ %1489, %._crit_edge ]
  %1930 = phi float [ %1849, %1516 ], [ %1488, %._crit_edge ]
  %1931 = phi float [ %1848, %1516 ], [ %1487, %._crit_edge ]
  %1932 = phi float [ %1847, %1516 ], [ %1486, %._crit_edge ]
  %1933 = phi float [ %1846, %1516 ], [ %1485, %._crit_edge ]
  %1934 = phi float [ %1845, %1516 ], [ %1484, %._crit_edge ]
  %1935 = phi float [ %1844, %1516 ], [ %1483, %._crit_edge ]
  %1936 = phi float [ %1843, %1516 ], [ %1482, %._crit_edge ]
  %1937 = phi float [ %1830, %1516 ], [ %1481, %._crit_edge ]
  %1938 = phi float [ %1829, %1516 ], [ %1480, %._crit_edge ]
  %1939 = phi float [ %1828, %1516 ], [ %1479, %._crit_edge ]
  %1940 = phi float [ %1827, %1516 ], [ %1478, %._crit_edge ]
  %1941 = phi float [ %1826, %1516 ], [ %1477, %._crit_edge ]
  %1942 = phi float [ %1825, %1516 ], [ %1476, %._crit_edge ]
  %1943 = phi float [ %1824, %1516 ], [ %1475, %._crit_edge ]
  %1944 = phi float [ %1823, %1516 ], [ %1474, %._crit_edge ]
  %1945 = phi float [ %1812, %1516 ], [ %1473, %._crit_edge ]
  %1946 = phi float [ %1811, %1516 ], [ %1472, %._crit_edge ]
  %1947 = phi float [ %1810, %1516 ], [ %1471, %._crit_edge ]
  %1948 = phi float [ %1809, %1516 ], [ %1470, %._crit_edge ]
  %1949 = phi float [ %1808, %1516 ], [ %1469, %._crit_edge ]
  %1950 = phi float [ %1807, %1516 ], [ %1468, %._crit_edge ]
  %1951 = phi float [ %1806, %1516 ], [ %1467, %._crit_edge ]
  %1952 = phi float [ %1805, %1516 ], [ %1466, %._crit_edge ]
  %1953 = phi float [ %1794, %1516 ], [ %1465, %._crit_edge ]
  %1954 = phi float [ %1793, %1516 ], [ %1464, %._crit_edge ]
  %1955 = phi float [ %1792, %1516 ], [ %1463, %._crit_edge ]
  %1956 = phi float [ %1791, %1516 ], [ %1462, %._crit_edge ]
  %1957 = phi float [ %1790, %1516 ], [ %1461, %._crit_edge ]
  %1958 = phi float [ %1789, %1516 ], [ %1460, %._crit_edge ]
  %1959 = phi float [ %1788, %1516 ], [ %1459, %._crit_edge ]
  %1960 = phi float [ %1787, %1516 ], [ %1458, %._crit_edge ]
  %1961 = phi float [ %1776, %1516 ], [ %1457, %._crit_edge ]
  %1962 = phi float [ %1775, %1516 ], [ %1456, %._crit_edge ]
  %1963 = phi float [ %1774, %1516 ], [ %1455, %._crit_edge ]
  %1964 = phi float [ %1773, %1516 ], [ %1454, %._crit_edge ]
  %1965 = phi float [ %1772, %1516 ], [ %1453, %._crit_edge ]
  %1966 = phi float [ %1771, %1516 ], [ %1452, %._crit_edge ]
  %1967 = phi float [ %1770, %1516 ], [ %1451, %._crit_edge ]
  %1968 = phi float [ %1769, %1516 ], [ %1450, %._crit_edge ]
  %1969 = phi float [ %1756, %1516 ], [ %1449, %._crit_edge ]
  %1970 = phi float [ %1755, %1516 ], [ %1448, %._crit_edge ]
  %1971 = phi float [ %1754, %1516 ], [ %1447, %._crit_edge ]
  %1972 = phi float [ %1753, %1516 ], [ %1446, %._crit_edge ]
  %1973 = phi float [ %1752, %1516 ], [ %1445, %._crit_edge ]
  %1974 = phi float [ %1751, %1516 ], [ %1444, %._crit_edge ]
  %1975 = phi float [ %1750, %1516 ], [ %1443, %._crit_edge ]
  %1976 = phi float [ %1749, %1516 ], [ %1442, %._crit_edge ]
  %1977 = phi float [ %1738, %1516 ], [ %1441, %._crit_edge ]
  %1978 = phi float [ %1737, %1516 ], [ %1440, %._crit_edge ]
  %1979 = phi float [ %1736, %1516 ], [ %1439, %._crit_edge ]
  %1980 = phi float [ %1735, %1516 ], [ %1438, %._crit_edge ]
  %1981 = phi float [ %1734, %1516 ], [ %1437, %._crit_edge ]
  %1982 = phi float [ %1733, %1516 ], [ %1436, %._crit_edge ]
  %1983 = phi float [ %1732, %1516 ], [ %1435, %._crit_edge ]
  %1984 = phi float [ %1731, %1516 ], [ %1434, %._crit_edge ]
  %1985 = phi float [ %1720, %1516 ], [ %1433, %._crit_edge ]
  %1986 = phi float [ %1719, %1516 ], [ %1432, %._crit_edge ]
  %1987 = phi float [ %1718, %1516 ], [ %1431, %._crit_edge ]
  %1988 = phi float [ %1717, %1516 ], [ %1430, %._crit_edge ]
  %1989 = phi float [ %1716, %1516 ], [ %1429, %._crit_edge ]
  %1990 = phi float [ %1715, %1516 ], [ %1428, %._crit_edge ]
  %1991 = phi float [ %1714, %1516 ], [ %1427, %._crit_edge ]
  %1992 = phi float [ %1713, %1516 ], [ %1426, %._crit_edge ]
  %1993 = phi float [ %1702, %1516 ], [ %1425, %._crit_edge ]
  %1994 = phi float [ %1701, %1516 ], [ %1424, %._crit_edge ]
  %1995 = phi float [ %1700, %1516 ], [ %1423, %._crit_edge ]
  %1996 = phi float [ %1699, %1516 ], [ %1422, %._crit_edge ]
  %1997 = phi float [ %1698, %1516 ], [ %1421, %._crit_edge ]
  %1998 = phi float [ %1697, %1516 ], [ %1420, %._crit_edge ]
  %1999 = phi float [ %1696, %1516 ], [ %1419, %._crit_edge ]
  %2000 = phi float [ %1695, %1516 ], [ %1418, %._crit_edge ]
  %2001 = phi float [ %1682, %1516 ], [ %1417, %._crit_edge ]
  %2002 = phi float [ %1681, %1516 ], [ %1416, %._crit_edge ]
  %2003 = phi float [ %1680, %1516 ], [ %1415, %._crit_edge ]
  %2004 = phi float [ %1679, %1516 ], [ %1414, %._crit_edge ]
  %2005 = phi float [ %1678, %1516 ], [ %1413, %._crit_edge ]
  %2006 = phi float [ %1677, %1516 ], [ %1412, %._crit_edge ]
  %2007 = phi float [ %1676, %1516 ], [ %1411, %._crit_edge ]
  %2008 = phi float [ %1675, %1516 ], [ %1410, %._crit_edge ]
  %2009 = phi float [ %1662, %1516 ], [ %1409, %._crit_edge ]
  %2010 = phi float [ %1661, %1516 ], [ %1408, %._crit_edge ]
  %2011 = phi float [ %1660, %1516 ], [ %1407, %._crit_edge ]
  %2012 = phi float [ %1659, %1516 ], [ %1406, %._crit_edge ]
  %2013 = phi float [ %1658, %1516 ], [ %1405, %._crit_edge ]
  %2014 = phi float [ %1657, %1516 ], [ %1404, %._crit_edge ]
  %2015 = phi float [ %1656, %1516 ], [ %1403, %._crit_edge ]
  %2016 = phi float [ %1655, %1516 ], [ %1402, %._crit_edge ]
  %2017 = phi float [ %1642, %1516 ], [ %1401, %._crit_edge ]
  %2018 = phi float [ %1641, %1516 ], [ %1400, %._crit_edge ]
  %2019 = phi float [ %1640, %1516 ], [ %1399, %._crit_edge ]
  %2020 = phi float [ %1639, %1516 ], [ %1398, %._crit_edge ]
  %2021 = phi float [ %1638, %1516 ], [ %1397, %._crit_edge ]
  %2022 = phi float [ %1637, %1516 ], [ %1396, %._crit_edge ]
  %2023 = phi float [ %1636, %1516 ], [ %1395, %._crit_edge ]
  %2024 = phi float [ %1635, %1516 ], [ %1394, %._crit_edge ]
  %2025 = phi float [ %1622, %1516 ], [ %1393, %._crit_edge ]
  %2026 = phi float [ %1621, %1516 ], [ %1392, %._crit_edge ]
  %2027 = phi float [ %1620, %1516 ], [ %1391, %._crit_edge ]
  %2028 = phi float [ %1619, %1516 ], [ %1390, %._crit_edge ]
  %2029 = phi float [ %1618, %1516 ], [ %1389, %._crit_edge ]
  %2030 = phi float [ %1617, %1516 ], [ %1388, %._crit_edge ]
  %2031 = phi float [ %1616, %1516 ], [ %1387, %._crit_edge ]
  %2032 = phi float [ %1615, %1516 ], [ %1386, %._crit_edge ]
  %2033 = lshr i32 %9, 4
  %2034 = and i32 %2033, 1
  %2035 = lshr exact i32 %19, 1
  %2036 = or disjoint i32 %2035, %2034
  %2037 = or disjoint i32 %53, %2036
  %2038 = or disjoint i32 %2037, 110
  %2039 = or disjoint i32 %2037, 108
  %2040 = or disjoint i32 %2037, 106
  %2041 = or disjoint i32 %2037, 104
  %2042 = or disjoint i32 %2037, 102
  %2043 = or disjoint i32 %2037, 100
  %2044 = or disjoint i32 %2037, 98
  %2045 = or disjoint i32 %2037, 96
  %2046 = or disjoint i32 %2037, 78
  %2047 = or disjoint i32 %2037, 76
  %2048 = or disjoint i32 %2037, 74
  %2049 = or disjoint i32 %2037, 72
  %2050 = or disjoint i32 %2037, 70
  %2051 = or disjoint i32 %2037, 68
  %2052 = or disjoint i32 %2037, 66
  %2053 = or disjoint i32 %2037, 64
  %2054 = or disjoint i32 %2037, 46
  %2055 = or disjoint i32 %2037, 44
  %2056 = or disjoint i32 %2037, 42
  %2057 = or disjoint i32 %2037, 40
  %2058 = or disjoint i32 %2037, 38
  %2059 = or disjoint i32 %2037, 36
  %2060 = or disjoint i32 %2037, 34
  %2061 = or disjoint i32 %2037, 32
  %2062 = or disjoint i32 %2037, 14
  %2063 = or disjoint i32 %2037, 12
  %2064 = or disjoint i32 %2037, 10
  %2065 = or disjoint i32 %2037, 8
  %2066 = or disjoint i32 %2037, 6
  %2067 = or disjoint i32 %2037, 4
  %2068 = or disjoint i32 %2037, 2
  %2069 = lshr exact i32 %18, 2
  %2070 = or disjoint i32 %2069, %17
  %2071 = or disjoint i32 %2070, %13
  %2072 = or disjoint i32 %2071, 96
  %2073 = or disjoint i32 %2071, 64
  %2074 = or disjoint i32 %2071, 32
  %2075 = mul i32 %2071, %4
  %2076 = mul i32 %2074, %4
  %2077 = mul i32 %2073, %4
  %2078 = mul i32 %2072, %4
  %2079 = sext i32 %2075 to i64
  %2080 = getelementptr [2 x i8], ptr addrspace(1) %2, i64 %2079
  %2081 = sext i32 %2076 to i64
  %2082 = getelementptr [2 x i8], ptr addrspace(1) %2, i64 %2081
  %2083 = sext i32 %2077 to i64
  %2084 = getelementptr [2 x i8], ptr addrspace(1) %2, i64 %2083
  %2085 = sext i32 %2078 to i64
  %2086 = getelementptr [2 x i8], ptr addrspace(1) %2, i64 %2085
  %2087 = sext i32 %2037 to i64
  %2088 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2087
  %2089 = sext i32 %2068 to i64
  %2090 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2089
  %2091 = sext i32 %2067 to i64
  %2092 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2091
  %2093 = sext i32 %2066 to i64
  %2094 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2093
  %2095 = sext i32 %2065 to i64
  %2096 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2095
  %2097 = sext i32 %2064 to i64
  %2098 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2097
  %2099 = sext i32 %2063 to i64
  %2100 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2099
  %2101 = sext i32 %2062 to i64
  %2102 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2101
  %2103 = sext i32 %2061 to i64
  %2104 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2103
  %2105 = sext i32 %2060 to i64
  %2106 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2105
  %2107 = sext i32 %2059 to i64
  %2108 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2107
  %2109 = sext i32 %2058 to i64
  %2110 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2109
  %2111 = sext i32 %2057 to i64
  %2112 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2111
  %2113 = sext i32 %2056 to i64
  %2114 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2113
  %2115 = sext i32 %2055 to i64
  %2116 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2115
  %2117 = sext i32 %2054 to i64
  %2118 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2117
  %2119 = sext i32 %2053 to i64
  %2120 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2119
  %2121 = sext i32 %2052 to i64
  %2122 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2121
  %2123 = sext i32 %2051 to i64
  %2124 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2123
  %2125 = sext i32 %2050 to i64
  %2126 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2125
  %2127 = sext i32 %2049 to i64
  %2128 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2127
  %2129 = sext i32 %2048 to i64
  %2130 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2129
  %2131 = sext i32 %2047 to i64
  %2132 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2131
  %2133 = sext i32 %2046 to i64
  %2134 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2133
  %2135 = sext i32 %2045 to i64
  %2136 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2135
  %2137 = sext i32 %2044 to i64
  %2138 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2137
  %2139 = sext i32 %2043 to i64
  %2140 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2139
  %2141 = sext i32 %2042 to i64
  %2142 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2141
  %2143 = sext i32 %2041 to i64
  %2144 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2143
  %2145 = sext i32 %2040 to i64
  %2146 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2145
  %2147 = sext i32 %2039 to i64
  %2148 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2147
  %2149 = sext i32 %2038 to i64
  %2150 = getelementptr [2 x i8], ptr addrspace(1) %2080, i64 %2149
  %2151 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2087
  %2152 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2089
  %2153 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2091
  %2154 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2093
  %2155 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2095
  %2156 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2097
  %2157 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2099
  %2158 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2101
  %2159 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2103
  %2160 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2105
  %2161 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2107
  %2162 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2109
  %2163 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2111
  %2164 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2113
  %2165 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2115
  %2166 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2117
  %2167 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2119
  %2168 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2121
  %2169 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2123
  %2170 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2125
  %2171 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2127
  %2172 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2129
  %2173 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2131
  %2174 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2133
  %2175 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2135
  %2176 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2137
  %2177 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2139
  %2178 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2141
  %2179 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2143
  %2180 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2145
  %2181 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2147
  %2182 = getelementptr [2 x i8], ptr addrspace(1) %2082, i64 %2149
  %2183 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2087
  %2184 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2089
  %2185 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2091
  %2186 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2093
  %2187 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2095
  %2188 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2097
  %2189 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2099
  %2190 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2101
  %2191 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2103
  %2192 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2105
  %2193 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2107
  %2194 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2109
  %2195 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2111
  %2196 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2113
  %2197 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2115
  %2198 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2117
  %2199 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2119
  %2200 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2121
  %2201 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2123
  %2202 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2125
  %2203 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2127
  %2204 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2129
  %2205 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2131
  %2206 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2133
  %2207 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2135
  %2208 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2137
  %2209 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2139
  %2210 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2141
  %2211 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2143
  %2212 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2145
  %2213 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2147
  %2214 = getelementptr [2 x i8], ptr addrspace(1) %2084, i64 %2149
  %2215 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2087
  %2216 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2089
  %2217 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2091
  %2218 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2093
  %2219 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2095
  %2220 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2097
  %2221 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2099
  %2222 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2101
  %2223 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2103
  %2224 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2105
  %2225 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2107
  %2226 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2109
  %2227 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2111
  %2228 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2113
  %2229 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2115
  %2230 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2117
  %2231 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2119
  %2232 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2121
  %2233 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2123
  %2234 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2125
  %2235 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2127
  %2236 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2129
  %2237 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2131
  %2238 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2133
  %2239 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2135
  %2240 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2137
  %2241 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2139
  %2242 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2141
  %2243 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2143
  %2244 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2145
  %2245 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2147
  %2246 = getelementptr [2 x i8], ptr addrspace(1) %2086, i64 %2149
  %2247 = fptrunc float %2032 to half
  %2248 = fptrunc float %2031 to half
  %2249 = fptrunc float %2030 to half
  %2250 = fptrunc float %2029 to half
  %2251 = fptrunc float %2028 to half
  %2252 = fptrunc float %2027 to half
  %2253 = fptrunc float %2026 to half
  %2254 = fptrunc float %2025 to half
  %2255 = fptrunc float %2024 to half
  %2256 = fptrunc float %2023 to half
  %2257 = fptrunc float %2022 to half
  %2258 = fptrunc float %2021 to half
  %2259 = fptrunc float %2020 to half
  %2260 = fptrunc float %2019 to half
  %2261 = fptrunc float %2018 to half
  %2262 = fptrunc float %2017 to half
  %2263 = fptrunc float %2016 to half
  %2264 = fptrunc float %2015 to half
  %2265 = fptrunc float %2014 to half
  %2266 = fptrunc float %2013 to half
  %2267 = fptrunc float %2012 to half
  %2268 = fptrunc float %2011 to half
  %2269 = fptrunc float %2010 to half
  %2270 = fptrunc float %2009 to half
  %2271 = fptrunc float %2008 to half
  %2272 = fptrunc float %2007 to half
  %2273 = fptrunc float %2006 to half
  %2274 = fptrunc float %2005 to half
  %2275 = fptrunc float %2004 to half
  %2276 = fptrunc float %2003 to half
  %2277 = fptrunc float %2002 to half
  %2278 = fptrunc float %2001 to half
  %2279 = fptrunc float %2000 to half
  %2280 = fptrunc float %1999 to half
  %2281 = fptrunc float %1998 to half
  %2282 = fptrunc float %1997 to half
  %2283 = fptrunc float %1996 to half
  %2284 = fptrunc float %1995 to half
  %2285 = fptrunc float %1994 to half
  %2286 = fptrunc float %1993 to half
  %2287 = fptrunc float %1992 to half
  %2288 = fptrunc float %1991 to half
  %2289 = fptrunc float %1990 to half
  %2290 = fptrunc float %1989 to half
  %2291 = fptrunc float %1988 to half
  %2292 = fptrunc float %1987 to half
  %2293 = fptrunc float %1986 to half
  %2294 = fptrunc float %1985 to half
  %2295 = fptrunc float %1984 to half
  %2296 = fptrunc float %1983 to half
  %2297 = fptrunc float %1982 to half
  %2298 = fptrunc float %1981 to half
  %2299 = fptrunc float %1980 to half
  %2300 = fptrunc float %1979 to half
  %2301 = fptrunc float %1978 to half
  %2302 = fptrunc float %1977 to half
  %2303 = fptrunc float %1976 to half
  %2304 = fptrunc float %1975 to half
  %2305 = fptrunc float %1974 to half
  %2306 = fptrunc float %1973 to half
  %2307 = fptrunc float %1972 to half
  %2308 = fptrunc float %1971 to half
  %2309 = fptrunc float %1970 to half
  %2310 = fptrunc float %1969 to half
  %2311 = fptrunc float %1968 to half
  %2312 = fptrunc float %1967 to half
  %2313 = fptrunc float %1966 to half
  %2314 = fptrunc float %1965 to half
  %2315 = fptrunc float %1964 to half
  %2316 = fptrunc float %1963 to half
  %2317 = fptrunc float %1962 to half
  %2318 = fptrunc float %1961 to half
  %2319 = fptrunc float %1960 to half
  %2320 = fptrunc float %1959 to half
  %2321 = fptrunc float %1958 to half
  %2322 = fptrunc float %1957 to half
  %2323 = fptrunc float %1956 to half
  %2324 = fptrunc float %1955 to half
  %2325 = fptrunc float %1954 to half
  %2326 = fptrunc float %1953 to half
  %2327 = fptrunc float %1952 to half
  %2328 = fptrunc float %1951 to half
  %2329 = fptrunc float %1950 to half
  %2330 = fptrunc float %1949 to half
  %2331 = fptrunc float %1948 to half
  %2332 = fptrunc float %1947 to half
  %2333 = fptrunc float %1946 to half
  %2334 = fptrunc float %1945 to half
  %2335 = fptrunc float %1944 to half
  %2336 = fptrunc float %1943 to half
  %2337 = fptrunc float %1942 to half
  %2338 = fptrunc float %1941 to half
  %2339 = fptrunc float %1940 to half
  %2340 = fptrunc float %1939 to half
  %2341 = fptrunc float %1938 to half
  %2342 = fptrunc float %1937 to half
  %2343 = fptrunc float %1936 to half
  %2344 = fptrunc float %1935 to half
  %2345 = fptrunc float %1934 to half
  %2346 = fptrunc float %1933 to half
  %2347 = fptrunc float %1932 to half
  %2348 = fptrunc float %1931 to half
  %2349 = fptrunc float %1930 to half
  %2350 = fptrunc float %1929 to half
  %2351 = fptrunc float %1928 to half
  %2352 = fptrunc float %1927 to half
  %2353 = fptrunc float %1926 to half
  %2354 = fptrunc float %1925 to half
  %2355 = fptrunc float %1924 to half
  %2356 = fptrunc float %1923 to half
  %2357 = fptrunc float %1922 to half
  %2358 = fptrunc float %1921 to half
  %2359 = fptrunc float %1920 to half
  %2360 = fptrunc float %1919 to half
  %2361 = fptrunc float %1918 to half
  %2362 = fptrunc float %1917 to half
  %2363 = fptrunc float %1916 to half
  %2364 = fptrunc float %1915 to half
  %2365 = fptrunc float %1914 to half
  %2366 = fptrunc float %1913 to half
  %2367 = fptrunc float %1912 to half
  %2368 = fptrunc float %1911 to half
  %2369 = fptrunc float %1910 to half
  %2370 = fptrunc float %1909 to half
  %2371 = fptrunc float %1908 to half
  %2372 = fptrunc float %1907 to half
  %2373 = fptrunc float %1906 to half
  %2374 = fptrunc float %1905 to half
  %2375 = insertelement <1 x half> poison, half %2247, i64 0
  store <1 x half> %2375, ptr addrspace(1) %2088, align 2
  %2376 = insertelement <1 x half> poison, half %2248, i64 0
  store <1 x half> %2376, ptr addrspace(1) %2090, align 2
  %2377 = insertelement <1 x half> poison, half %2249, i64 0
  store <1 x half> %2377, ptr addrspace(1) %2092, align 2
  %2378 = insertelement <1 x half> poison, half %2250, i64 0
  store <1 x half> %2378, ptr addrspace(1) %2094, align 2
  %2379 = insertelement <1 x half> poison, half %2251, i64 0
  store <1 x half> %2379, ptr addrspace(1) %2096, align 2
  %2380 = insertelement <1 x half> poison, half %2252, i64 0
  store <1 x half> %2380, ptr addrspace(1) %2098, align 2
  %2381 = insertelement <1 x half> poison, half %2253, i64 0
  store <1 x half> %2381, ptr addrspace(1) %2100, align 2
  %2382 = insertelement <1 x half> poison, half %2254, i64 0
  store <1 x half> %2382, ptr addrspace(1) %2102, align 2
  %2383 = insertelement <1 x half> poison, half %2255, i64 0
  store <1 x half> %2383, ptr addrspace(1) %2104, align 2
  %2384 = insertelement <1 x half> poison, half %2256, i64 0
  store <1 x half> %2384, ptr addrspace(1) %2106, align 2
  %2385 = insertelement <1 x half> poison, half %2257, i64 0
  store <1 x half> %2385, ptr addrspace(1) %2108, align 2
  %2386 = insertelement <1 x half> poison, half %2258, i64 0
  store <1 x half> %2386, ptr addrspace(1) %2110, align 2
  %2387 = insertelement <1 x half> poison, half %2259, i64 0
  store <1 x half> %2387, ptr addrspace(1) %2112, align 2
  %2388 = insertelement <1 x half> poison, half %2260, i64 0
  store <1 x half> %2388, ptr addrspace(1) %2114, align 2
  %2389 = insertelement <1 x half> poison, half %2261, i64 0
  store <1 x half> %2389, ptr addrspace(1) %2116, align 2
  %2390 = insertelement <1 x half> poison, half %2262, i64 0
  store <1 x half> %2390, ptr addrspace(1) %2118, align 2
  %2391 = insertelement <1 x half> poison, half %2263, i64 0
  store <1 x half> %2391, ptr addrspace(1) %2120, align 2
  %2392 = insertelement <1 x half> poison, half %2264, i64 0
  store <1 x half> %2392, ptr addrspace(1) %2122, align 2
  %2393 = insertelement <1 x half> poison, half %2265, i64 0
  store <1 x half> %2393, ptr addrspace(1) %2124, align 2
  %2394 = insertelement <1 x half> poison, half %2266, i64 0
  store <1 x half> %2394, ptr addrspace(1) %2126, align 2
  %2395 = insertelement <1 x half> poison, half %2267, i64 0
  store <1 x half> %2395, ptr addrspace(1) %2128, align 2
  %2396 = insertelement <1 x half> poison, half %2268, i64 0
  store <1 x half> %2396, ptr addrspace(1) %2130, align 2
  %2397 = insertelement <1 x half> poison, half %2269, i64 0
  store <1 x half> %2397, ptr addrspace(1) %2132, align 2
  %2398 = insertelement <1 x half> poison, half %2270, i64 0
  store <1 x half> %2398, ptr addrspace(1) %2134, align 2
  %2399 = insertelement <1 x half> poison, half %2271, i64 0
  store <1 x half> %2399, ptr addrspace(1) %2136, align 2
  %2400 = insertelement <1 x half> poison, half %2272, i64 0
  store <1 x half> %2400, ptr addrspace(1) %2138, align 2
  %2401 = insertelement <1 x half> poison, half %2273, i64 0
  store <1 x half> %2401, ptr addrspace(1) %2140, align 2
  %2402 = insertelement <1 x half> poison, half %2274, i64 0
  store <1 x half> %2402, ptr addrspace(1) %2142, align 2
  %2403 = insertelement <1 x half> poison, half %2275, i64 0
  store <1 x half> %2403, ptr addrspace(1) %2144, align 2
  %2404 = insertelement <1 x half> poison, half %2276, i64 0
  store <1 x half> %2404, ptr addrspace(1) %2146, align 2
  %2405 = insertelement <1 x half> poison, half %2277, i64 0
  store <1 x half> %2405, ptr addrspace(1) %2148, align 2
  %2406 = insertelement <1 x half> poison, half %2278, i64 0
  store <1 x half> %2406, ptr addrspace(1) %2150, align 2
  %2407 = insertelement <1 x half> poison, half %2279, i64 0
  store <1 x half> %2407, ptr addrspace(1) %2151, align 2
  %2408 = insertelement <1 x half> poison, half %2280, i64 0
  store <1 x half> %2408, ptr addrspace(1) %2152, align 2
  %2409 = insertelement <1 x half> poison, half %2281, i64 0
  store <1 x half> %2409, ptr addrspace(1) %2153, align 2
  %2410 = insertelement <1 x half> poison, half %2282, i64 0
  store <1 x half> %2410, ptr addrspace(1) %2154, align 2
  %2411 = insertelement <1 x half> poison, half %2283, i64 0
  store <1 x half> %2411, ptr addrspace(1) %2155, align 2
  %2412 = insertelement <1 x half> poison, half %2284, i64 0
  store <1 x half> %2412, ptr addrspace(1) %2156, align 2
  %2413 = insertelement <1 x half> poison, half %2285, i64 0
  store <1 x half> %2413, ptr addrspace(1) %2157, align 2
  %2414 = insertelement <1 x half> poison, half %2286, i64 0
  store <1 x half> %2414, ptr addrspace(1) %2158, align 2
  %2415 = insertelement <1 x half> poison, half %2287, i64 0
  store <1 x half> %2415, ptr addrspace(1) %2159, align 2
  %2416 = insertelement <1 x half> poison, half %2288, i64 0
  store <1 x half> %2416, ptr addrspace(1) %2160, align 2
  %2417 = insertelement <1 x half> poison, half %2289, i64 0
  store <1 x half> %2417, ptr addrspace(1) %2161, align 2
  %2418 = insertelement <1 x half> poison, half %2290, i64 0
  store <1 x half> %2418, ptr addrspace(1) %2162, align 2
  %2419 = insertelement <1 x half> poison, half %2291, i64 0
  store <1 x half> %2419, ptr addrspace(1) %2163, align 2
  %2420 = insertelement <1 x half> poison, half %2292, i64 0
  store <1 x half> %2420, ptr addrspace(1) %2164, align 2
  %2421 = insertelement <1 x half> poison, half %2293, i64 0
  store <1 x half> %2421, ptr addrspace(1) %2165, align 2
  %2422 = insertelement <1 x half> poison, half %2294, i64 0
  store <1 x half> %2422, ptr addrspace(1) %2166, align 2
  %2423 = insertelement <1 x half> poison, half %2295, i64 0
  store <1 x half> %2423, ptr addrspace(1) %2167, align 2
  %2424 = insertelement <1 x half> poison, half %2296, i64 0
  store <1 x half> %2424, ptr addrspace(1) %2168, align 2
  %2425 = insertelement <1 x half> poison, half %2297, i64 0
  store <1 x half> %2425, ptr addrspace(1) %2169, align 2
  %2426 = insertelement <1 x half> poison, half %2298, i64 0
  store <1 x half> %2426, ptr addrspace(1) %2170, align 2
  %2427 = insertelement <1 x half> poison, half %2299, i64 0
  store <1 x half> %2427, ptr addrspace(1) %2171, align 2
  %2428 = insertelement <1 x half> poison, half %2300, i64 0
  store <1 x half> %2428, ptr addrspace(1) %2172, align 2
  %2429 = insertelement <1 x half> poison, half %2301, i64 0
  store <1 x half> %2429, ptr addrspace(1) %2173, align 2
  %2430 = insertelement <1 x half> poison, half %2302, i64 0
  store <1 x half> %2430, ptr addrspace(1) %2174, align 2
  %2431 = insertelement <1 x half> poison, half %2303, i64 0
  store <1 x half> %2431, ptr addrspace(1) %2175, align 2
  %2432 = insertelement <1 x half> poison, half %2304, i64 0
  store <1 x half> %2432, ptr addrspace(1) %2176, align 2
  %2433 = insertelement <1 x half> poison, half %2305, i64 0
  store <1 x half> %2433, ptr addrspace(1) %2177, align 2
  %2434 = insertelement <1 x half> poison, half %2306, i64 0
  store <1 x half> %2434, ptr addrspace(1) %2178, align 2
  %2435 = insertelement <1 x half> poison, half %2307, i64 0
  store <1 x half> %2435, ptr addrspace(1) %2179, align 2
  %2436 = insertelement <1 x half> poison, half %2308, i64 0
  store <1 x half> %2436, ptr addrspace(1) %2180, align 2
  %2437 = insertelement <1 x half> poison, half %2309, i64 0
  store <1 x half> %2437, ptr addrspace(1) %2181, align 2
  %2438 = insertelement <1 x half> poison, half %2310, i64 0
  store <1 x half> %2438, ptr addrspace(1) %2182, align 2
  %2439 = insertelement <1 x half> poison, half %2311, i64 0
  store <1 x half> %2439, ptr addrspace(1) %2183, align 2
  %2440 = insertelement <1 x half> poison, half %2312, i64 0
  store <1 x half> %2440, ptr addrspace(1) %2184, align 2
  %2441 = insertelement <1 x half> poison, half %2313, i64 0
  store <1 x half> %2441, ptr addrspace(1) %2185, align 2
  %2442 = insertelement <1 x half> poison, half %2314, i64 0
  store <1 x half> %2442, ptr addrspace(1) %2186, align 2
  %2443 = insertelement <1 x half> poison, half %2315, i64 0
  store <1 x half> %2443, ptr addrspace(1) %2187, align 2
  %2444 = insertelement <1 x half> poison, half %2316, i64 0
  store <1 x half> %2444, ptr addrspace(1) %2188, align 2
  %2445 = insertelement <1 x half> poison, half %2317, i64 0
  store <1 x half> %2445, ptr addrspace(1) %2189, align 2
  %2446 = insertelement <1 x half> poison, half %2318, i64 0
  store <1 x half> %2446, ptr addrspace(1) %2190, align 2
  %2447 = insertelement <1 x half> poison, half %2319, i64 0
  store <1 x half> %2447, ptr addrspace(1) %2191, align 2
  %2448 = insertelement <1 x half> poison, half %2320, i64 0
  store <1 x half> %2448, ptr addrspace(1) %2192, align 2
  %2449 = insertelement <1 x half> poison, half %2321, i64 0
  store <1 x half> %2449, ptr addrspace(1) %2193, align 2
  %2450 = insertelement <1 x half> poison, half %2322, i64 0
  store <1 x half> %2450, ptr addrspace(1) %2194, align 2
  %2451 = insertelement <1 x half> poison, half %2323, i64 0
  store <1 x half> %2451, ptr addrspace(1) %2195, align 2
  %2452 = insertelement <1 x half> poison, half %2324, i64 0
  store <1 x half> %2452, ptr addrspace(1) %2196, align 2
  %2453 = insertelement <1 x half> poison, half %2325, i64 0
  store <1 x half> %2453, ptr addrspace(1) %2197, align 2
  %2454 = insertelement <1 x half> poison, half %2326, i64 0
  store <1 x half> %2454, ptr addrspace(1) %2198, align 2
  %2455 = insertelement <1 x half> poison, half %2327, i64 0
  store <1 x half> %2455, ptr addrspace(1) %2199, align 2
  %2456 = insertelement <1 x half> poison, half %2328, i64 0
  store <1 x half> %2456, ptr addrspace(1) %2200, align 2
  %2457 = insertelement <1 x half> poison, half %2329, i64 0
  store <1 x half> %2457, ptr addrspace(1) %2201, align 2
  %2458 = insertelement <1 x half> poison, half %2330, i64 0
  store <1 x half> %2458, ptr addrspace(1) %2202, align 2
  %2459 = insertelement <1 x half> poison, half %2331, i64 0
  store <1 x half> %2459, ptr addrspace(1) %2203, align 2
  %2460 = insertelement <1 x half> poison, half %2332, i64 0
  store <1 x half> %2460, ptr addrspace(1) %2204, align 2
  %2461 = insertelement <1 x half> poison, half %2333, i64 0
  store <1 x half> %2461, ptr addrspace(1) %2205, align 2
  %2462 = insertelement <1 x half> poison, half %2334, i64 0
  store <1 x half> %2462, ptr addrspace(1) %2206, align 2
  %2463 = insertelement <1 x half> poison, half %2335, i64 0
  store <1 x half> %2463, ptr addrspace(1) %2207, align 2
  %2464 = insertelement <1 x half> poison, half %2336, i64 0
  store <1 x half> %2464, ptr addrspace(1) %2208, align 2
  %2465 = insertelement <1 x half> poison, half %2337, i64 0
  store <1 x half> %2465, ptr addrspace(1) %2209, align 2
  %2466 = insertelement <1 x half> poison, half %2338, i64 0
  store <1 x half> %2466, ptr addrspace(1) %2210, align 2
  %2467 = insertelement <1 x half> poison, half %2339, i64 0
  store <1 x half> %2467, ptr addrspace(1) %2211, align 2
  %2468 = insertelement <1 x half> poison, half %2340, i64 0
  store <1 x half> %2468, ptr addrspace(1) %2212, align 2
  %2469 = insertelement <1 x half> poison, half %2341, i64 0
  store <1 x half> %2469, ptr addrspace(1) %2213, align 2
  %2470 = insertelement <1 x half> poison, half %2342, i64 0
  store <1 x half> %2470, ptr addrspace(1) %2214, align 2
  %2471 = insertelement <1 x half> poison, half %2343, i64 0
  store <1 x half> %2471, ptr addrspace(1) %2215, align 2
  %2472 = insertelement <1 x half> poison, half %2344, i64 0
  store <1 x half> %2472, ptr addrspace(1) %2216, align 2
  %2473 = insertelement <1 x half> poison, half %2345, i64 0
  store <1 x half> %2473, ptr addrspace(1) %2217, align 2
  %2474 = insertelement <1 x half> poison, half %2346, i64 0
  store <1 x half> %2474, ptr addrspace(1) %2218, align 2
  %2475 = insertelement <1 x half> poison, half %2347, i64 0
  store <1 x half> %2475, ptr addrspace(1) %2219, align 2
  %2476 = insertelement <1 x half> poison, half %2348, i64 0
  store <1 x half> %2476, ptr addrspace(1) %2220, align 2
  %2477 = insertelement <1 x half> poison, half %2349, i64 0
  store <1 x half> %2477, ptr addrspace(1) %2221, align 2
  %2478 = insertelement <1 x half> poison, half %2350, i64 0
  store <1 x half> %2478, ptr addrspace(1) %2222, align 2
  %2479 = insertelement <1 x half> poison, half %2351, i64 0
  store <1 x half> %2479, ptr addrspace(1) %2223, align 2
  %2480 = insertelement <1 x half> poison, half %2352, i64 0
  store <1 x half> %2480, ptr addrspace(1) %2224, align 2
  %2481 = insertelement <1 x half> poison, half %2353, i64 0
  store <1 x half> %2481, ptr addrspace(1) %2225, align 2
  %2482 = insertelement <1 x half> poison, half %2354, i64 0
  store <1 x half> %2482, ptr addrspace(1) %2226, align 2
  %2483 = insertelement <1 x half> poison, half %2355, i64 0
  store <1 x half> %2483, ptr addrspace(1) %2227, align 2
  %2484 = insertelement <1 x half> poison, half %2356, i64 0
  store <1 x half> %2484, ptr addrspace(1) %2228, align 2
  %2485 = insertelement <1 x half> poison, half %2357, i64 0
  store <1 x half> %2485, ptr addrspace(1) %2229, align 2
  %2486 = insertelement <1 x half> poison, half %2358, i64 0
  store <1 x half> %2486, ptr addrspace(1) %2230, align 2
  %2487 = insertelement <1 x half> poison, half %2359, i64 0
  store <1 x half> %2487, ptr addrspace(1) %2231, align 2
  %2488 = insertelement <1 x half> poison, half %2360, i64 0
  store <1 x half> %2488, ptr addrspace(1) %2232, align 2
  %2489 = insertelement <1 x half> poison, half %2361, i64 0
  store <1 x half> %2489, ptr addrspace(1) %2233, align 2
  %2490 = insertelement <1 x half> poison, half %2362, i64 0
  store <1 x half> %2490, ptr addrspace(1) %2234, align 2
  %2491 = insertelement <1 x half> poison, half %2363, i64 0
  store <1 x half> %2491, ptr addrspace(1) %2235, align 2
  %2492 = insertelement <1 x half> poison, half %2364, i64 0
  store <1 x half> %2492, ptr addrspace(1) %2236, align 2
  %2493 = insertelement <1 x half> poison, half %2365, i64 0
  store <1 x half> %2493, ptr addrspace(1) %2237, align 2
  %2494 = insertelement <1 x half> poison, half %2366, i64 0
  store <1 x half> %2494, ptr addrspace(1) %2238, align 2
  %2495 = insertelement <1 x half> poison, half %2367, i64 0
  store <1 x half> %2495, ptr addrspace(1) %2239, align 2
  %2496 = insertelement <1 x half> poison, half %2368, i64 0
  store <1 x half> %2496, ptr addrspace(1) %2240, align 2
  %2497 = insertelement <1 x half> poison, half %2369, i64 0
  store <1 x half> %2497, ptr addrspace(1) %2241, align 2
  %2498 = insertelement <1 x half> poison, half %2370, i64 0
  store <1 x half> %2498, ptr addrspace(1) %2242, align 2
  %2499 = insertelement <1 x half> poison, half %2371, i64 0
  store <1 x half> %2499, ptr addrspace(1) %2243, align 2
  %2500 = insertelement <1 x half> poison, half %2372, i64 0
  store <1 x half> %2500, ptr addrspace(1) %2244, align 2
  %2501 = insertelement <1 x half> poison, half %2373, i64 0
  store <1 x half> %2501, ptr addrspace(1) %2245, align 2
  %2502 = insertelement <1 x half> poison, half %2374, i64 0
  store <1 x half> %2502, ptr addrspace(1) %2246, align 2
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.y() #1

; Function Attrs: convergent nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #3

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half>, <16 x half>, <8 x float>) #2

attributes #0 = { norecurse nounwind "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,128" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #3 = { convergent nocallback nofree nounwind willreturn }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"amdhsa_code_object_version", i32 500}
